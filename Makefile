# ParallaxLab — build, test and run entry points.
# Every target depends on `deps`, which installs the Debian packages the build links against
# (only the ones missing; a no-op when all are present).

DEBIAN_PACKAGES := libgsl-dev libpng-dev zlib1g-dev pkg-config
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)

.PHONY: deps build release test report bench traces clean

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

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

test: deps
	$(SWIFT) test

# The main job. For now: synthesize the canonical traces (Traces/*.yml) into Reports/latest/ and
# summarise them; the suite runner replaces this once it exists.
REPORT_DIR ?= Reports/latest
report: release
	rm -rf $(REPORT_DIR) && mkdir -p $(REPORT_DIR)/traces
	for spec in Traces/*.yml; do \
	  .build/release/parallax synth --spec $$spec -o $(REPORT_DIR)/traces/$$(basename $$spec .yml).csv || exit $$?; \
	done
	.build/release/parallax inspect $(REPORT_DIR)/traces/*.csv --markdown > $(REPORT_DIR)/summary.md
	@cat $(REPORT_DIR)/summary.md

bench: release
	.build/release/parallax-bench

# Regenerate the committed canonical traces from their specs.
traces: build
	for spec in Traces/*.yml; do .build/debug/parallax synth --spec $$spec -o Traces/$$(basename $$spec .yml).csv || exit $$?; done

clean:
	rm -rf .build
