#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Writes the random problems randomSEED.dlx that tests/test_reduce.cpp reads
# (names and colours short enough for Knuth's DLX-PRE, which was run on each
# file to get the numbers the test checks): python3 generate.py SEED...
import random
import sys


def problem(seed):
    shape = random.Random(seed * 7)
    primaries = shape.randint(5, 14)
    secondaries = shape.randint(0, 6)
    options = shape.randint(primaries, 3 * primaries)
    density = shape.choice([0.1, 0.15, 0.2, 0.3])
    colors = shape.choice(['', 'ab', 'abc'])
    rng = random.Random(seed)
    primary = ['p%d' % i for i in range(primaries)]
    secondary = ['s%d' % i for i in range(secondaries)]
    lines = ['| random problem for xcover reduce tests, seed %d (tests/data/reduce)' % seed,
             ' '.join(primary) + (' | ' + ' '.join(secondary) if secondary else '')]
    for _ in range(options):
        option = []
        for item in primary + secondary:
            if rng.random() < density:
                if item in secondary and colors and rng.random() < 0.6:
                    option.append(item + ':' + rng.choice(colors))
                else:
                    option.append(item)
        if not any(token in primary for token in option):
            option.append(rng.choice(primary))
        rng.shuffle(option)
        lines.append(' '.join(option))
    return '\n'.join(lines) + '\n'


for seed in map(int, sys.argv[1:]):
    with open('random%d.dlx' % seed, 'w') as out:
        out.write(problem(seed))
