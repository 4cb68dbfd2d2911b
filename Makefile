# ParallaxLab — build, test and run entry points.
# Every target depends on `deps`, which installs the Debian packages the build links against
# (only the ones missing; a no-op when all are present).

DEBIAN_PACKAGES := libgsl-dev libpng-dev zlib1g-dev pkg-config
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)

.PHONY: deps deps-browser deps-evo deps-llvmpipe build release test test-build test-standins report bench bench-numpy bench-llvmpipe traces clean fuzz-build fuzz fuzz-smoke

deps:
	@missing=""; \
	for p in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "make deps: installing$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# The report's browser test (Tests/Browser/report_browser_test.py) drives headless Chromium with Selenium:
# Debian's chromium and chromium-driver, and Selenium and axe-selenium-python (which ships axe-core, the
# accessibility checker) from PyPI in a virtual environment (.venv-browser; Debian 12's pip refuses
# system-wide installs).
BROWSER_PACKAGES := chromium chromium-driver python3-venv
BROWSER_VENV := .venv-browser

deps-browser: deps
	@missing=""; \
	for p in $(BROWSER_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "make deps-browser: installing$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@[ -x $(BROWSER_VENV)/bin/python ] || /usr/bin/python3 -m venv $(BROWSER_VENV)
	@$(BROWSER_VENV)/bin/python -c "import selenium, axe_selenium_python" 2>/dev/null || $(BROWSER_VENV)/bin/pip install -q selenium axe-selenium-python

# `parallax evaluate`'s independent reference (Tests/Evo/evo_reference.py, run by CLIIntegrationTests'
# EvoReferenceTests): evo from PyPI (it pulls numpy, scipy, matplotlib, pandas…) in a virtual environment
# (.venv-evo), pinned so that the reference numbers do not move under the tests.
EVO_VENV := .venv-evo
EVO_VERSION := 1.38.1

deps-evo: deps-browser
	@[ -x $(EVO_VENV)/bin/python ] || /usr/bin/python3 -m venv $(EVO_VENV)
	@$(EVO_VENV)/bin/python -c "import evo, sys; sys.exit(evo.__version__ != '$(EVO_VERSION)')" 2>/dev/null || \
	  $(EVO_VENV)/bin/pip install -q evo==$(EVO_VERSION)

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

# The browser and evo downloads run beside the test build (two jobs: the network and the compiler overlap); the
# fuzz corpora replay next, so the test runner's closing line is the last line CI reads.
test: deps
	$(MAKE) -j2 --output-sync=target deps-evo test-build
	$(MAKE) fuzz-smoke
	$(MAKE) test-standins
	PARALLAX_CACHE_DIR=$(CURDIR)/.build/test-driver-cache $(SWIFT) test --skip-build

# The Apple stand-ins (AppInTheLoop/StandIns) are a package of their own, never modules of this one (on macOS their
# names would be Apple's): their tests run in it.
test-standins:
	$(SWIFT) test --package-path AppInTheLoop/StandIns

test-build: deps
	$(SWIFT) build --build-tests

# The main job: run the project's suite (parallax.yml) into Reports/latest/ and say where the report is.
report: release
	.build/release/parallax run parallax.yml --output Reports/latest

bench: release
	.build/release/parallax-bench

# The metalsplatter renderer beside its independent numpy reference (Tests/SplatReference/metalsplatter_reference.py,
# numpy from .venv-evo) and inria mode: the real capture at full resolution 1179×2556, whole commands (loading and
# PNG writing included), medians of 3. The renderer alone: `parallax-bench "render splat plant explicit"`.
bench-numpy: release deps-evo
	$(EVO_VENV)/bin/python Tests/SplatReference/bench_side_by_side.py .build/release/parallax

# The cube benchmarks beside Mesa's llvmpipe (software OpenGL via EGL + moderngl): Debian's Mesa EGL/DRI
# packages and moderngl + numpy from PyPI (pip; `--user --break-system-packages` where the system Python is
# externally managed), then `parallax-bench "render cube"`.
LLVMPIPE_DEBIAN_PACKAGES := libegl1 libegl-mesa0 libgl1-mesa-dri python3-pip
deps-llvmpipe: deps
	@missing=""; \
	for p in $(LLVMPIPE_DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "make deps-llvmpipe: installing$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@python3 -c "import moderngl, numpy" 2>/dev/null || { \
	  echo "make deps-llvmpipe: installing moderngl and numpy (pip)"; \
	  python3 -m pip install --quiet moderngl numpy 2>/dev/null || \
	  python3 -m pip install --quiet --user --break-system-packages moderngl numpy; }

bench-llvmpipe: release deps-llvmpipe
	.build/release/parallax-bench "render cube"

# Regenerate the committed canonical traces from their specs.
traces: build
	for spec in Traces/*.yml; do .build/debug/parallax synth --spec $$spec -o Traces/$$(basename $$spec .yml).csv || exit $$?; done

clean:
	rm -rf .build .build-fuzz

# Regenerate the example recording of README "Bring your own recording" (Traces/recordings/).
.PHONY: example-recording
example-recording: build
	Traces/recordings/make_phone_recording.sh .build/debug/parallax

# The sample recording in ParallaxRecorder's own format and its sample device probe (synthetic: the recorder on a
# session the Apple stand-ins simulate, AppInTheLoop/StandIns/Sources/RecorderSample); `make test-standins` checks the
# files are what it writes.
.PHONY: sample-recording
sample-recording:
	$(SWIFT) run --package-path AppInTheLoop/StandIns record-sample Traces/recordings/recorder-sample.csv
	$(SWIFT) run --package-path AppInTheLoop/StandIns record-sample --probe Traces/recordings/probe-sample.json

# Fuzzing (Fuzz/README.md): one libFuzzer executable, ParallaxFuzz, with every input surface (its first argument
# names the surface), built with the address sanitizer into .build-fuzz/ (PARALLAX_FUZZ=1 adds it to the package).
# The corpus of a surface is Tests/Fixtures/fuzz/SURFACE/, its regression inputs Tests/FuzzEntryPointsTests/Regressions/SURFACE/.
FUZZ_SURFACES := trace-csv ply splat spz png suite smoother-spec tolerance-spec range screen-spec \
  splat-renderer cube-renderer camera-file trajectory device-recording device-probe
FUZZ_SECONDS ?= 60
FUZZ_SMOKE_SECONDS ?= 3
# Long campaigns (`make fuzz`) run the optimized build; the smoke in `make test` runs an unoptimized one, which
# builds in a fraction of the time and finds the same defects in its few seconds, only with fewer executions.
FUZZ_CONFIG ?= release
# Leak reports are off: Foundation keeps process-lifetime caches that LeakSanitizer would report.
# The Swift runtime's backtracer is off so that the sanitizer reports the crash itself.
FUZZ_ENV := ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no
FUZZ_FLAGS := -rss_limit_mb=2048 -malloc_limit_mb=512 -timeout=10 -detect_leaks=0
# C targets (the splat kernel, the libpng guard) get the address sanitizer and the fuzzer's coverage too.
FUZZ_BUILD = PARALLAX_FUZZ=1 $(SWIFT) build -c $(FUZZ_CONFIG) --scratch-path .build-fuzz --product ParallaxFuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xcc -fsanitize=fuzzer-no-link,address
FUZZ_BINARY = .build-fuzz/$(FUZZ_CONFIG)/ParallaxFuzz

fuzz-build: deps
	$(FUZZ_BUILD)

# Every surface for FUZZ_SECONDS; the growing corpus stays in .build-fuzz/corpus/, crashing inputs land in
# Fuzz/findings/ (minimise with -minimize_crash=1, then commit them as regressions).
fuzz: fuzz-build
	@mkdir -p Fuzz/findings; failed=""; \
	for surface in $(FUZZ_SURFACES); do \
	  mkdir -p .build-fuzz/corpus/$$surface; \
	  dict=""; [ -f Fuzz/dictionaries/$$surface.dict ] && dict="-dict=Fuzz/dictionaries/$$surface.dict"; \
	  echo "== $$surface ($(FUZZ_SECONDS) s)"; \
	  $(FUZZ_ENV) $(FUZZ_BINARY) $$surface $(FUZZ_FLAGS) $$dict -max_total_time=$(FUZZ_SECONDS) \
	    -artifact_prefix=Fuzz/findings/$$surface- .build-fuzz/corpus/$$surface Tests/Fixtures/fuzz/$$surface || failed="$$failed $$surface"; \
	done; \
	if [ -n "$$failed" ]; then echo "make fuzz: crashes in$$failed (inputs in Fuzz/findings/)"; exit 1; fi

# Part of `make test`: replay every committed corpus and regression input under the sanitizers, then fuzz each
# surface briefly. (`swift test` replays the same inputs without sanitizers: FuzzCorpusTests.)
fuzz-smoke: FUZZ_CONFIG = debug
fuzz-smoke: fuzz-build
	@for surface in $(FUZZ_SURFACES); do \
	  regressions=""; \
	  [ -d Tests/FuzzEntryPointsTests/Regressions/$$surface ] && regressions=Tests/FuzzEntryPointsTests/Regressions/$$surface; \
	  $(FUZZ_ENV) $(FUZZ_BINARY) $$surface $(FUZZ_FLAGS) -runs=0 -artifact_prefix=/tmp/ Tests/Fixtures/fuzz/$$surface $$regressions 2>/dev/null || \
	    { echo "fuzz-smoke: $$surface failed on its corpus"; $(FUZZ_ENV) $(FUZZ_BINARY) $$surface $(FUZZ_FLAGS) -runs=0 -artifact_prefix=/tmp/ Tests/Fixtures/fuzz/$$surface $$regressions; exit 1; }; \
	  scratch=$$(mktemp -d); \
	  dict=""; [ -f Fuzz/dictionaries/$$surface.dict ] && dict="-dict=Fuzz/dictionaries/$$surface.dict"; \
	  $(FUZZ_ENV) $(FUZZ_BINARY) $$surface $(FUZZ_FLAGS) $$dict -max_total_time=$(FUZZ_SMOKE_SECONDS) -artifact_prefix=$$scratch/ \
	    $$scratch Tests/Fixtures/fuzz/$$surface 2>$$scratch/log || { tail -40 $$scratch/log; echo "fuzz-smoke: $$surface found a crash, kept in $$scratch"; exit 1; }; \
	  echo "fuzz-smoke: $$surface ok ($$(ls Tests/Fixtures/fuzz/$$surface | wc -l) corpus files replayed, $(FUZZ_SMOKE_SECONDS) s fuzzed)"; \
	  rm -rf $$scratch; \
	done
