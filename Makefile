# ParallaxLab — build, test and run entry points.
# Every target depends on `deps`, which installs the Debian packages the build links against
# (only the ones missing; a no-op when all are present).

DEBIAN_PACKAGES := libgsl-dev libpng-dev zlib1g-dev pkg-config
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = "0" ] || echo sudo)

.PHONY: deps build release test report bench clean

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

# The main job: run the default suite into Reports/latest/.
report: release
	.build/release/parallax report --output Reports/latest

bench: release
	.build/release/parallax-bench

clean:
	rm -rf .build
