# SPDX-License-Identifier: MIT
# Writes the manual page the tool makes of its own --help texts:
#   cmake -DXCOVER=path/to/xcover -DOUT=xcover.1 -P write_man.cmake
execute_process(COMMAND ${XCOVER} --man OUTPUT_FILE ${OUT} RESULT_VARIABLE failed)
if(failed)
  file(REMOVE ${OUT})
  message(FATAL_ERROR "${XCOVER} --man failed: ${failed}")
endif()
