# ParallaxLab — build, test and run entry points.
# Every target depends on `deps`, which installs the Debian packages the build links against
# (only the ones missing; a no-op when all are present).

DEBIAN_PACKAGES := libgsl-dev libpng-dev zlib1g-dev pkg-config
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)

.PHONY: deps deps-browser build release test report bench traces clean

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
# Debian's chromium and chromium-driver, and Selenium from PyPI in a virtual environment (.venv-browser;
# Debian 12's pip refuses system-wide installs).
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
	@$(BROWSER_VENV)/bin/python -c "import selenium" 2>/dev/null || $(BROWSER_VENV)/bin/pip install -q selenium

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

# Regenerate the committed canonical traces from their specs.
traces: build
	for spec in Traces/*.yml; do .build/debug/parallax synth --spec $$spec -o Traces/$$(basename $$spec .yml).csv || exit $$?; done

clean:
	rm -rf .build

# Regenerate the example recording of README "Bring your own recording" (Traces/recordings/).
.PHONY: example-recording
example-recording: build
	Traces/recordings/make_phone_recording.sh .build/debug/parallax
