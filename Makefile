# ParallaxLab — build, test and run entry points.
# Every target depends on `deps`, which installs the Debian packages the build links against
# (only the ones missing; a no-op when all are present).

DEBIAN_PACKAGES := libgsl-dev libpng-dev zlib1g-dev pkg-config
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)

.PHONY: deps deps-browser deps-llvmpipe build release test report bench bench-llvmpipe traces clean

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

# The report's browser test needs headless Chromium (Debian's chromium), installed the same way.
deps-browser: deps
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || { \
	  echo "make deps-browser: installing chromium"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends chromium; }

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

test: deps deps-browser
	$(SWIFT) test

# The main job: run the project's suite (parallax.yml) into Reports/latest/ and say where the report is.
report: release
	.build/release/parallax run parallax.yml --output Reports/latest

bench: release
	.build/release/parallax-bench

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
	rm -rf .build

# Regenerate the example recording of README "Bring your own recording" (Traces/recordings/).
.PHONY: example-recording
example-recording: build
	Traces/recordings/make_phone_recording.sh .build/debug/parallax
