// SPDX-License-Identifier: MIT
// Picture files the Tiling tab offers as samples (its "Picture file" list).
// Each is ours, made for this page.

// The slot box: a closed box, its middle layer hollowed out, with a slot of
// two cells in its top; two bars of two and a zigzag of five fill the hollow
// but one cell. Of its two assemblies one comes apart: the zigzag stands in
// the slot, and the bars have to make way before it can rise (level 5.3.2:
// five moves until it is out, 10 in all). The other is locked.
const SLOT_BOX = `| The slot box: a box with a slot in its top, three pieces inside.
| Layer 0 is the front, rows run down; the cell left out of the board
| is the hollow's room to move.
board
######
######
######
######
-
######
#.####
######
######
-
######
######
######
######

piece box
######
######
######
######
-
##..##
#....#
#....#
######
-
######
######
######
######

piece bar x2
#
#

piece zigzag
.##
.#.
##.
`;

export const SAMPLES = {
  'slot-box': { lattice: 'cube', text: SLOT_BOX },
};
