#!/usr/bin/env python3
"""Drives a ParallaxLab report (index.html, opened from disk) in headless Chromium with Selenium and checks
its layout, not just its errors: the overview fits 1280x900, a failing frame comes first and open, the
slider's two images share one box and dragging it moves the visible split, the toggle swaps the image in
place, 1:1 zoom pans the panes together, a thumbnail opens on click, the interactive tuning view shows the
precomputed metrics and series of the grid point its sliders select, no console errors.

usage: report_browser_test.py REPORT_DIR ARTIFACTS_DIR
Exit 0 when every check holds, 1 otherwise (each failed check on its own line), 2 on bad usage.
Screenshots of each section go to ARTIFACTS_DIR."""
import json
import os
import re
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

WIDTH, HEIGHT = 1280, 900
failures = []
passes = 0


def check(condition, message):
    global passes
    if condition:
        passes += 1
    else:
        failures.append(message)
        print("FAILED: " + message, flush=True)


def executable(*names):
    for name in names:
        for folder in ("/usr/bin", "/usr/local/bin", "/usr/lib/chromium"):
            path = os.path.join(folder, name)
            if os.access(path, os.X_OK):
                return path
    return None


def start_browser():
    options = webdriver.ChromeOptions()
    browser = executable("chromium", "chromium-browser")
    if browser:
        options.binary_location = browser
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={WIDTH},{HEIGHT}", "--hide-scrollbars", "--allow-file-access-from-files"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver_path = executable("chromedriver")
    service = Service(executable_path=driver_path) if driver_path else Service()
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(10)
    # The viewport itself is 1280x900, whatever the window decorations.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False})
    return driver


def rect(driver, element):
    return driver.execute_script("var r=arguments[0].getBoundingClientRect();return [r.left,r.top,r.width,r.height];", element)


def page_rect(driver, element):
    """The element's box in page coordinates (independent of scrolling)."""
    return driver.execute_script("var r=arguments[0].getBoundingClientRect();"
                                 "return [r.left+window.scrollX,r.top+window.scrollY,r.width,r.height];", element)


def hit(driver, element, fraction):
    """The class of the image the browser shows at `fraction` of the element's width, mid-height."""
    driver.execute_script("arguments[0].scrollIntoView({block:'center'});", element)
    left, top, width, height = rect(driver, element)
    return driver.execute_script(
        "var e=document.elementFromPoint(arguments[0],arguments[1]);return e?e.className:'';",
        left + width * fraction, top + height / 2)


def click(driver, element):
    """Clicks like a person: the element scrolled to mid-screen first (the sticky navigation bar covers the top)."""
    driver.execute_script("arguments[0].scrollIntoView({block:'center'});", element)
    element.click()


def shoot(driver, element, artifacts, name):
    try:
        driver.execute_script("arguments[0].scrollIntoView();", element)
        element.screenshot(os.path.join(artifacts, name + ".png"))
    except Exception as error:  # a screenshot is an artifact, not a check
        print(f"note: no screenshot of {name}: {error}", flush=True)


def plotted(svg, name):
    """The values a chart's path draws, read back through the axis ranges the chart states: [(t, value)]."""
    x0, x1, y0, y1 = (float(svg.get_attribute("data-" + k)) for k in ("x0", "x1", "y0", "y1"))
    left, top, width, height = (float(v) for v in svg.get_attribute("data-plot").split(","))
    path = svg.find_element(By.CSS_SELECTOR, f"path.tv-line[data-name='{name}']").get_attribute("d")
    points = re.findall(r"[ML](-?[\d.]+) (-?[\d.]+)", path)
    return [(x0 + (float(px) - left) / width * (x1 - x0), y0 + (top + height - float(py)) / height * (y1 - y0)) for px, py in points], \
        (x1 - x0) / width * 0.01, (y1 - y0) / height * 0.01


def same_series(svg, name, times, values):
    """The chart's path `name` draws exactly the non-null `values` at their `times` (within the path's 0.01 px rounding)."""
    drawn, dt, dy = plotted(svg, name)
    expected = [(t, v) for t, v in zip(times, values) if v is not None]
    return len(drawn) == len(expected) and all(abs(a[0] - b[0]) <= dt and abs(a[1] - b[1]) <= dy for a, b in zip(drawn, expected))


def flat(indices, sizes):
    c = 0
    for i, n in zip(indices, sizes):
        c = c * n + i
    return c


def check_tune_view(driver, artifacts):
    """The interactive tuning view: moving the sliders (keyboard, as a person would) shows the precomputed metrics
    and series of that grid point, read back from the embedded JSON; the app-default button jumps there."""
    roots = driver.find_elements(By.ID, "tune-view-root")
    check(len(roots) == 1, "no interactive tuning view (#tune-view-root)")
    if not roots:
        return
    root = roots[0]
    data = json.loads(driver.execute_script("return document.getElementById('tune-view-data').textContent;"))
    charts = {c.get_attribute("data-chart"): c for c in root.find_elements(By.CSS_SELECTOR, "svg.tv-chart")}
    check(sorted(charts) == ["error", "swim", "x", "y"], f"tuning view charts: {sorted(charts)}")

    def shown_matches(selection, label):
        v, k = selection["v"], selection["k"]
        row = data["metrics"][flat(v, [len(a) for a in data["values"]])][k]
        cells = [r.find_element(By.CSS_SELECTOR, ".tv-selected").text for r in root.find_elements(By.CSS_SELECTOR, "table.tv-metrics tbody tr")]
        check(len(cells) == len(data["metric_names"]) == len(row), f"{label}: {len(cells)} table rows for {len(data['metric_names'])} metrics")
        for name, cell, value in zip(data["metric_names"], cells, row):
            ok = cell == "n/a" if value is None else abs(float(cell) - value) <= 1e-9 + 1e-3 * abs(value)
            check(ok, f"{label}: table {name} shows {cell!r}, the data holds {value}")
        sv = [data["series"]["nearest"][a][i] for a, i in enumerate(v)]
        sk = data["series"]["nearest_scale"][k]
        point = data["series"]["points"][flat(sv, [len(a) for a in data["series"]["values"]])]
        t = data["trace"]["t"]
        check(same_series(charts["error"], "selected", t, point["error_px"][sk]), f"{label}: the error chart does not draw the grid point's error")
        check(same_series(charts["swim"], "selected", t, point["swim_deg_s"][sk]), f"{label}: the swim chart does not draw the grid point's swim")
        check(same_series(charts["x"], "selected", t, point["smoothed_x"]), f"{label}: the x chart does not draw the grid point's smoothed x")
        check(same_series(charts["x"], "reference", t, data["trace"]["reference_x"]), f"{label}: the x chart does not draw the reference x")
        check(same_series(charts["error"], "app", t, data["app_series"]["error_px"][0]), f"{label}: the error chart does not draw the app default's error")

    def selection():
        return json.loads(root.get_attribute("data-selection"))

    check(selection() == {"v": data["start"]["values"], "k": data["start"]["scale"]}, f"the view does not start at the recommendation: {selection()}")
    shown_matches(selection(), "at the start")
    before = charts["error"].find_element(By.CSS_SELECTOR, "path[data-name='selected']").get_attribute("d")
    sliders = root.find_elements(By.CSS_SELECTOR, "input.tv-axis")
    check(len(sliders) == len(data["parameters"]) + 1, f"{len(sliders)} sliders for {len(data['parameters'])} parameters and movementScale")
    alpha, scale = sliders[0], sliders[-1]
    click(driver, alpha)
    alpha.send_keys(Keys.HOME, Keys.ARROW_RIGHT)
    click(driver, scale)
    scale.send_keys(Keys.END)
    moved = {"v": [1] + data["start"]["values"][1:], "k": len(data["scales"]) - 1}
    check(selection() == moved, f"after moving the sliders the view shows {selection()}, expected {moved}")
    shown_matches(moved, "after moving the sliders")
    after = charts["error"].find_element(By.CSS_SELECTOR, "path[data-name='selected']").get_attribute("d")
    check(after != before, "moving α and s did not change the error chart")
    value = root.find_element(By.CSS_SELECTOR, "output.tv-value[data-axis='scale']").text
    check(float(value) == data["scales"][-1], f"the movementScale read-out shows {value!r}, expected {data['scales'][-1]}")
    shoot(driver, root, artifacts, "tune-view")
    buttons = root.find_elements(By.CSS_SELECTOR, "button.tv-jump[data-target='app']")
    if data.get("app_selection"):
        click(driver, buttons[0])
        app = {"v": data["app_selection"]["values"], "k": data["app_selection"]["scale"]}
        check(selection() == app, f"the app-default button shows {selection()}, expected {app}")
        shown_matches(app, "at the app default")


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-3], file=sys.stderr)
        return 2
    report, artifacts = sys.argv[1], sys.argv[2]
    page = os.path.join(os.path.abspath(report), "index.html")
    if not os.path.isfile(page):
        print(f"{page}: no such report page", file=sys.stderr)
        return 2
    os.makedirs(artifacts, exist_ok=True)
    driver = start_browser()
    try:
        driver.get("file://" + page)
        WebDriverWait(driver, 20).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-loaded") == "1")
        body = driver.find_element(By.TAG_NAME, "body")
        check(body.get_attribute("data-errors") == "0", f"script errors on the page: {body.get_attribute('data-errors')}")
        check(body.get_attribute("data-broken-images") == "0", f"broken images: {body.get_attribute('data-broken-images')}")

        # The overview fits one screen.
        driver.execute_script("window.scrollTo(0,0);")
        overview = driver.find_element(By.ID, "overview")
        left, top, width, height = rect(driver, overview)
        check(top + height <= HEIGHT and left + width <= WIDTH, f"overview is {width:.0f}x{top + height:.0f} px, beyond {WIDTH}x{HEIGHT}")
        check(driver.execute_script("return document.documentElement.scrollWidth;") <= WIDTH, "the page scrolls sideways at 1280 px")
        shoot(driver, overview, artifacts, "overview")

        # A failing frame is first and open.
        cards = driver.find_elements(By.CSS_SELECTOR, "#frames .frame-card")
        check(len(cards) > 0, "no frame cards")
        if not cards:
            return 1
        first = cards[0]
        check(first.get_attribute("data-status") != "pass", f"first frame card is {first.get_attribute('data-status')}, expected a failure first")
        check(first.get_attribute("open") is not None, "the failing frame is not expanded")
        passing = [c for c in cards if c.get_attribute("data-status") == "pass"]
        check(all(c.get_attribute("open") is None for c in passing), "a passing frame is expanded by default")
        shoot(driver, driver.find_element(By.ID, "frames"), artifacts, "frames")

        # Slider: golden and actual occupy the same box; dragging moves the visible split.
        viewer = first.find_element(By.CSS_SELECTOR, ".viewer")
        overlay = viewer.find_element(By.CSS_SELECTOR, ".overlay")
        golden = overlay.find_element(By.CSS_SELECTOR, "img.golden")
        actual = overlay.find_element(By.CSS_SELECTOR, "img.actual")
        g, a = rect(driver, golden), rect(driver, actual)
        check(g[2] > 20 and g[3] > 20, f"golden image is {g[2]:.0f}x{g[3]:.0f} px")
        check(all(abs(x - y) <= 0.5 for x, y in zip(g, a)), f"slider images do not share a box: golden {g}, actual {a}")
        check(hit(driver, overlay, 0.25) == "golden" and hit(driver, overlay, 0.75) == "actual",
              f"at split 50 expected golden left, actual right; saw {hit(driver, overlay, 0.25)!r}, {hit(driver, overlay, 0.75)!r}")
        split = viewer.find_element(By.CSS_SELECTOR, "input.split")
        before = split.get_attribute("value")
        driver.execute_script("arguments[0].scrollIntoView({block:'center'});", split)
        width = rect(driver, split)[2]
        ActionChains(driver).click_and_hold(split).move_by_offset(-int(width * 0.3), 0).release().perform()
        after = split.get_attribute("value")
        check(after != before and float(after) < 40, f"dragging the slider left did not move it: {before} → {after}")
        check(hit(driver, overlay, 0.35) == "actual", f"after dragging to {after}, the actual image is not visible at 35 %: {hit(driver, overlay, 0.35)!r}")
        check(hit(driver, overlay, 0.05) == "golden", f"after dragging to {after}, the golden image is not visible at 5 %")
        shoot(driver, viewer, artifacts, "slider")

        # Toggle: swaps in place (same box, no new element).
        images = len(driver.find_elements(By.CSS_SELECTOR, "#frames img"))
        box = page_rect(driver, overlay)
        toggle = viewer.find_element(By.CSS_SELECTOR, "button.toggle")
        click(driver, toggle)
        shows_actual = hit(driver, overlay, 0.02) == "actual" and hit(driver, overlay, 0.98) == "actual"
        click(driver, toggle)
        shows_golden = hit(driver, overlay, 0.02) == "golden" and hit(driver, overlay, 0.98) == "golden"
        check(shows_actual and shows_golden, f"toggle did not swap the whole image in place (actual {shows_actual}, golden {shows_golden})")
        check(page_rect(driver, overlay) == box, f"toggle moved or resized the image box: {box} → {page_rect(driver, overlay)}")
        check(len(driver.find_elements(By.CSS_SELECTOR, "#frames img")) == images, "toggle added or removed images")

        # 1:1 zoom: natural size, panes pan together.
        click(driver, viewer.find_element(By.CSS_SELECTOR, "input.zoom"))
        natural = driver.execute_script("return [arguments[0].getBoundingClientRect().width, arguments[0].naturalWidth];", golden)
        check(abs(natural[0] - natural[1]) <= 0.5, f"1:1 zoom shows the golden at {natural[0]} px, natural width {natural[1]}")
        panes = viewer.find_elements(By.CSS_SELECTOR, ".panes .pan")
        if len(panes) >= 2:
            driver.execute_script("arguments[0].scrollTop=60;arguments[0].dispatchEvent(new Event('scroll'));", panes[0])
            tops = [driver.execute_script("return arguments[0].scrollTop;", p) for p in panes]
            check(tops[0] > 0 and all(t == tops[0] for t in tops), f"panes do not pan together: scrollTop {tops}")
        else:
            check(False, "fewer than two panes in the failing frame's viewer")

        # A thumbnail opens on click.
        if passing:
            card = passing[0]
            click(driver, card.find_element(By.TAG_NAME, "summary"))
            check(card.get_attribute("open") is not None, "clicking a thumbnail did not open its frame")
            check(card.find_element(By.CSS_SELECTOR, ".overlay").is_displayed(), "the opened frame shows no viewer")

        # Hover read-out of a time series (in a scenario section, folded by default).
        details = driver.find_elements(By.CSS_SELECTOR, "details.detail")
        check(len(details) > 0 and all(d.get_attribute("open") is None for d in details), "scenario detail is not folded by default")
        if details:
            click(driver, details[0].find_element(By.TAG_NAME, "summary"))
            chart = details[0].find_element(By.CSS_SELECTOR, "svg.chart[data-readout]")
            driver.execute_script("arguments[0].scrollIntoView({block:'center'});", chart)
            ActionChains(driver).move_to_element(chart).perform()
            readout = chart.find_element(By.CSS_SELECTOR, ".readout").text
            check(readout.startswith("x ") and "·" in readout, f"no hover read-out on the chart: {readout!r}")

        check_tune_view(driver, artifacts)

        for section in driver.find_elements(By.CSS_SELECTOR, "section"):
            if section.get_attribute("id") not in ("overview", "frames"):
                shoot(driver, section, artifacts, section.get_attribute("id"))

        errors = [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
        check(not errors, f"console errors: {errors}")
    finally:
        driver.quit()
    print(f"{passes} passed, {len(failures)} failed", flush=True)
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
