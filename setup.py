# SPDX-License-Identifier: MIT
"""Builds the extension xcover_dlx._core with CMake (python/CMakeLists.txt)
for the Python running this script; the metadata is in pyproject.toml.

XCOVER_PYTHON_BUILD_DIR: where CMake builds (default build-python/ here;
kept, so that a second install only rebuilds what changed).
XCOVER_PYTHON_FROM_BUILD: a build directory already configured with
-DXCOVER_PYTHON=ON for this same Python (scripts/test.sh passes its own):
the module is built there, with no configuring and no second copy of the
library."""
import os
import pathlib
import re
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


def version():
    text = (ROOT / "CMakeLists.txt").read_text()
    return re.search(r"project\(xcover VERSION ([0-9.]+)", text).group(1)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        reuse = os.environ.get("XCOVER_PYTHON_FROM_BUILD")
        build = pathlib.Path(reuse or os.environ.get("XCOVER_PYTHON_BUILD_DIR",
                                                     ROOT / "build-python"))
        if reuse:
            cache = build / "CMakeCache.txt"
            if not cache.exists() or "XCOVER_PYTHON:BOOL=ON" not in cache.read_text():
                raise RuntimeError(f"XCOVER_PYTHON_FROM_BUILD={reuse}: not a build "
                                   "configured with -DXCOVER_PYTHON=ON")
        else:
            self.configure(build)
        subprocess.run(["cmake", "--build", str(build), "--target", "xcover_python",
                        "-j", str(os.cpu_count() or 1)], check=True)
        built = next((build / "python" / "xcover_dlx").glob("_core*.so"))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)

    @staticmethod
    def configure(build):
        subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build),
                        "-DCMAKE_BUILD_TYPE=Release", "-DXCOVER_PYTHON=ON",
                        "-DXCOVER_BUILD_APPS=OFF", "-DXCOVER_BUILD_TESTS=OFF",
                        "-DXCOVER_BUILD_BENCH=OFF", "-DXCOVER_INSTALL=OFF",
                        f"-DPython_EXECUTABLE={sys.executable}"],
                       check=True, stdout=subprocess.DEVNULL)


setup(
    version=version(),
    ext_modules=[Extension("xcover_dlx._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    # setuptools' own staging, out of the way of the CMake build/ directory.
    options={"build": {"build_base": str(pathlib.Path("build-python") / "setuptools")},
             "egg_info": {"egg_base": "build-python"}},
)
