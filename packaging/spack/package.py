# A Spack recipe for mauitools (docs/packaging.md). Copy this folder into a Spack repository as
# packages/mauitools/ (or `spack repo add` a repository holding it) and build from a checkout with
# `spack dev-build mauitools@0.1.0` in that checkout, or `spack develop`: the project publishes no
# release archive yet, so the version has no URL or checksum to fetch.
# tests/packaging/spack_test.py checks that the version and the variants match CMakeLists.txt.

from spack.package import *


class Mauitools(CMakePackage):
    """Compiler, linter and simulator of Maui's maui.cfg scheduling policies: mauic compiles, lints,
    proves, diffs and migrates a maui.cfg; mauirun runs Maui's scheduling iteration on it (trace
    replay, snapshot explanations, what-if comparisons, HTML reports) and schedules a live Slurm
    cluster (mauirun serve and Maui's client commands)."""

    # The project() VERSION of CMakeLists.txt.
    version("0.1.0")

    # Neither the Slurm adapter nor the HTML report can be left out: CMakeLists.txt has no option
    # for either (mauirun serve is built on the adapter, and mauic diff --simulate, mauirun compare
    # and report on the report library). The variants say what the build needs for them and refuse
    # to be turned off rather than be silently ignored.
    variant("slurm", default=True, description="The Slurm adapter of mauirun serve (libslurm; always built)")
    conflicts("~slurm", msg="the Slurm adapter is always built: CMakeLists.txt has no option to leave it out")
    variant(
        "report",
        default=True,
        description="The HTML report (mauirun report, compare --html, serve --http); always built",
    )
    conflicts("~report", msg="the HTML report is always built: CMakeLists.txt has no option to leave it out")
    # Existing CMake options.
    variant("bench", default=False, description="Build the benchmarks (MAUI_BENCH)")
    variant("werror", default=False, description="Treat warnings in the project's code as errors (MAUI_WERROR)")

    generator("ninja")

    depends_on("c", type="build")  # LLVMConfig.cmake probes with C test programs
    depends_on("cxx", type="build")  # C++20: g++ 12 or later
    depends_on("cmake@3.25:", type="build")
    depends_on("ninja", type="build")
    depends_on("pkgconfig", type="build")
    depends_on("pegtl@3.2:", type="build")  # header-only grammar library
    depends_on("fmt@9:")
    depends_on("llvm@14", type=("build", "link"))  # LLVMSupport, linked statically
    depends_on("z3@4.8:")
    depends_on("cpp-httplib@0.11:", type="build")  # header-only HTTP server of serve --http
    depends_on("zlib-api")
    depends_on("googletest", type=("build", "link"))  # CMakeLists.txt requires GTest to configure
    depends_on("slurm", when="+slurm")
    # npm ci fetches the report's charting library (Apache ECharts, pinned in
    # runtime/report/web/package-lock.json) at build time.
    depends_on("node-js", type="build", when="+report")
    depends_on("npm", type="build", when="+report")
    depends_on("benchmark", type=("build", "link"), when="+bench")
    depends_on("python@3:", type="test")
    depends_on("py-jsonschema", type="test")

    def cmake_args(self):
        return [
            self.define_from_variant("MAUI_BENCH", "bench"),
            self.define_from_variant("MAUI_WERROR", "werror"),
        ]
