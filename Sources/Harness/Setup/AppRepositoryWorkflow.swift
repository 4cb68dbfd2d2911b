/// The GitHub Actions workflow `parallax init` writes (`.github/workflows/parallax.yml`): ParallaxLab built at the
/// pinned commit outside the app's checkout (cached by commit), the suite run on every pull request against the
/// report of the pull request's base commit (made in the same job from a worktree of it: no artifact of another run
/// is needed), and the report folder uploaded whatever the verdict. Every `run:` is plain bash over environment
/// variables, so the steps run as they are outside GitHub too (the tests do, with the build step replaced).
enum AppRepositoryWorkflow {
    /// The name of the step that builds ParallaxLab (the one a local run replaces with a built `parallax`).
    static let buildStep = "Build ParallaxLab at the pinned commit"

    static func text(pin: ParallaxLabPin, branch: String) -> String {
        """
        # ParallaxLab on this app (written by `parallax init`): on each pull request, the suite parallax.yml runs on the
        # app's code with the base commit's report as baseline — a metric or audit check worse than on the base, a broken
        # budget, or an audit failure not in parallax-known-failures.yml (or worse than recorded there) fails the job —
        # and the report folder is uploaded even then. ParallaxLab is built at one pinned commit, cached by it; to move
        # to a newer ParallaxLab, change PARALLAXLAB_COMMIT.
        name: parallax

        on:
          pull_request:
          push:
            branches: [\(branch)]

        permissions:
          contents: read

        env:
          PARALLAXLAB_REPOSITORY: \(pin.repository)
          PARALLAXLAB_COMMIT: \(pin.commit)

        jobs:
          suite:
            runs-on: ubuntu-latest
            steps:
              - uses: actions/checkout@v4
                with:
                  fetch-depth: 0      # the base commit, for the baseline

              - name: ParallaxLab build cache
                id: parallaxlab-cache
                uses: actions/cache@v4
                with:
                  path: ${{ runner.temp }}/parallaxlab
                  key: parallaxlab-${{ runner.os }}-${{ env.PARALLAXLAB_COMMIT }}

              - name: \(buildStep)
                if: steps.parallaxlab-cache.outputs.cache-hit != 'true'
                run: |
                  git clone --quiet "$PARALLAXLAB_REPOSITORY" "$RUNNER_TEMP/parallaxlab"
                  git -C "$RUNNER_TEMP/parallaxlab" checkout --quiet --detach "$PARALLAXLAB_COMMIT"
                  make -C "$RUNNER_TEMP/parallaxlab" deps
                  swift build --package-path "$RUNNER_TEMP/parallaxlab" -c release --product parallax

              - name: ParallaxLab's system libraries
                run: make -C "$RUNNER_TEMP/parallaxlab" deps

              - name: Baseline (the suite on the pull request's base commit)
                if: github.event_name == 'pull_request'
                env:
                  BASE_SHA: ${{ github.event.pull_request.base.sha }}
                run: |
                  git worktree add --detach "$RUNNER_TEMP/base" "$BASE_SHA"
                  if [ -f "$RUNNER_TEMP/base/parallax.yml" ]; then
                    # Exit 1 (the base failed a check) still leaves its report; 2 (bad input) stops here.
                    status=0
                    (cd "$RUNNER_TEMP/base" && env -u GITHUB_STEP_SUMMARY -u GITHUB_ACTIONS "$RUNNER_TEMP/parallaxlab/.build/release/parallax" run parallax.yml \\
                      --output "$RUNNER_TEMP/baseline") || status=$?
                    if [ "$status" -gt 1 ]; then exit "$status"; fi
                  fi

              - name: Run the suite
                run: |
                  baseline=()
                  if [ -f "$RUNNER_TEMP/baseline/report.json" ]; then baseline=(--baseline "$RUNNER_TEMP/baseline/report.json"); fi
                  "$RUNNER_TEMP/parallaxlab/.build/release/parallax" run parallax.yml --output Reports/latest --junit-root "$GITHUB_WORKSPACE" "${baseline[@]}"

              - name: Upload the report
                if: ${{ !cancelled() }}
                uses: actions/upload-artifact@v4
                with:
                  name: parallax-report
                  path: Reports/latest/
                  if-no-files-found: warn

        """
    }
}
