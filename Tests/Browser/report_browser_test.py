#!/usr/bin/env python3
"""Drives a ParallaxLab report (index.html, opened from disk) in headless Chromium with Selenium and checks
its layout, not just its errors: the overview fits 1280x900, a failing frame comes first and open, the
slider's two images share one box and dragging it moves the visible split, the toggle swaps the image in
place, 1:1 zoom pans the panes together, a thumbnail opens on click, no console errors.

usage: report_browser_test.py REPORT_DIR ARTIFACTS_DIR
Exit 0 when every check holds, 1 otherwise (each failed check on its own line), 2 on bad usage.
Screenshots of each section go to ARTIFACTS_DIR."""
import os
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
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
