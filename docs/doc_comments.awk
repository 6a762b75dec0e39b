# SPDX-License-Identifier: MIT
# Doxygen's input filter (docs/Doxyfile): the public headers keep plain '//'
# comments, and this reads them as documentation, as a reader does:
#   - the comment at the top of a file documents the file;
#   - a comment right above a declaration documents it, and every
#     declaration that follows it up to a blank line (overloads, a family of
#     functions): a member group (DISTRIBUTE_GROUP_DOC). A comment followed
#     by a blank line is a note, and stays a plain comment;
#   - a comment after code on its line documents that member, and so do the
#     comment lines right below it that start in the same column.
# Prints documentation lines; a run of lines indented past the text (an
# example, a table) is kept as it stands: a verbatim block.
function print_doc(line, is_doc) {
  if (is_doc && line ~ /^[ \t]*\/\/\/(<)?   /) {
    if (!verbatim) { print "/// \\verbatim"; verbatim = 1 }
  } else if (verbatim) {
    print "/// \\endverbatim"
    verbatim = 0
  }
  print line
}
function end_verbatim() {
  if (verbatim) { print "/// \\endverbatim"; verbatim = 0 }
}
function emit_span(   k, declarations, nested, wrap) {
  declarations = 0
  nested = 0
  for (k = 1; k <= span; ++k) {
    if (code[k] ~ /[;}][ \t]*(\/\/.*)?$/ || code[k] ~ /^[ \t]*#[ \t]*define/) ++declarations
    if (code[k] ~ /\{[ \t]*(\/\/.*)?$/) nested = 1
  }
  wrap = documented && declarations > 1 && !nested
  if (wrap) print "///@{"
  for (k = 1; k <= pending; ++k) print_doc(held[k], documented)
  end_verbatim()
  for (k = 1; k <= span; ++k) print code[k]
  if (wrap) print "///@}"
  pending = 0
  span = 0
  documented = 0
}
function trailing(line,   pos) {
  # A comment after code (not "//" inside a string: none in these headers).
  pos = index(line, "//")
  trailing_col = 0
  if (pos > 1 && substr(line, 1, pos - 1) ~ /[^ \t]/ && substr(line, 1, pos - 1) !~ /"/) {
    trailing_col = pos
    line = substr(line, 1, pos - 1) "///<" substr(line, pos + 2)
  }
  return line
}
BEGIN { pending = 0; span = 0; trailing_col = 0; in_header = 1 }
NR == 1 { print; next }
# The file's comment: a C-style block (an example in it may hold "//").
in_header && /^\/\// {
  if (!started) { print "/** \\file"; started = 1 }
  line = $0
  sub(/^\/\/ ?/, "", line)
  if (line ~ /^  /) {
    if (!verbatim) { print "\\verbatim"; verbatim = 1 }
  } else if (verbatim) {
    print "\\endverbatim"
    verbatim = 0
  }
  print line
  next
}
in_header {
  if (verbatim) { print "\\endverbatim"; verbatim = 0 }
  if (started) print "*/"
  in_header = 0
}
/^[ \t]*\/\/ clang-format/ { if (span) emit_span(); print; next }
/^[ \t]*\/\// {
  col = index($0, "//")
  if (trailing_col && col == trailing_col) {
    sub(/\/\//, "///<")
    if (span) code[++span] = $0; else print
    next
  }
  trailing_col = 0
  if (span) emit_span()
  held[++pending] = $0
  next
}
/^[ \t]*$/ || (/^[ \t]*#/ && !/^[ \t]*#[ \t]*define/) {
  if (span) emit_span()
  for (k = 1; k <= pending; ++k) print held[k]  # a note: plain
  pending = 0
  trailing_col = 0
  print
  next
}
{
  if ($0 ~ /^[ \t]*}/) {  # the end of a block: a comment before it is a note
    if (span) emit_span()
    for (k = 1; k <= pending; ++k) print held[k]
    pending = 0
    trailing_col = 0
    print
    next
  }
  if (pending && !span) {
    for (k = 1; k <= pending; ++k) sub(/\/\//, "///", held[k])
    documented = 1
  }
  code[++span] = trailing($0)
  # A line that opens a block ends the span (a whole body on one line does not).
  if ($0 ~ /\{[ \t]*(\/\/.*)?$/) emit_span()
}
END { if (span) emit_span(); for (k = 1; k <= pending; ++k) print held[k] }
