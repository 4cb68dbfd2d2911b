#!/usr/bin/env python3
"""Drives a ParallaxLab report (index.html, opened from disk) in headless Chromium with Selenium and checks
its layout, not just its errors: the overview fits 1280x900, a failing frame comes first and open with the
changed region boxed inside the first viewport, the zoom shows the painted pixels, the slider's two images
share one box and the slider, a drag on the image, toggle and blink move one split state, 1:1 zoom pans the
panes together, a thumbnail opens on click, a deep link opens its frame, status tabs filter by status (kept in
the URL), no horizontal page scroll at 360 and 390 px and chart text of at least 10 px, axe-core finds no
serious or critical violation (index.html, tune.html, audit.html), the interactive tuning view shows the
precomputed metrics and series of the grid point its sliders select, each reachable audit check's section in
audit.html has its frame pair, overlay and plot (loaded, lazy, sized; alt text naming the check with a number and a
unit), the motion scrubber changes both frames and the instant, the accept command runs as pasted, no console errors.

usage: report_browser_test.py REPORT_DIR ARTIFACTS_DIR [--patch NAME,X,Y,W,H,RRGGBB] [--audit AUDIT_DIR] [--accept]
       report_browser_test.py --paint PNG X Y W H RRGGBB
--patch: the golden of frame NAME had a W×H patch of colour RRGGBB painted at (X, Y) before the run (--paint
does that). --accept: run the first failing frame's accept command as the page shows it, in REPORT_DIR's parent.
Exit 0 when every check holds, 1 otherwise (each failed check on its own line), 2 on bad usage.
Screenshots of each section go to ARTIFACTS_DIR."""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import png_pixels  # noqa: E402

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.common.exceptions import TimeoutException
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


def viewport_pixel(driver, x, y):
    """The colour the browser shows at viewport point (x, y), from a screenshot (device scale 1)."""
    width, height, rows = png_pixels.read(driver.get_screenshot_as_png())
    return rows[min(max(int(y), 0), height - 1)][min(max(int(x), 0), width - 1)][:3]


def near(colour, expected, tolerance=8):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected))


def set_width(driver, width, height=HEIGHT):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})


def load(driver, url):
    driver.get(url)
    WebDriverWait(driver, 20).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-loaded") == "1")


def nav_bottom(driver):
    return driver.execute_script("var n=document.querySelector('nav');return n?n.getBoundingClientRect().bottom:0;")


def small_chart_text(driver):
    """Rendered chart texts smaller than 10 px (font size × the SVG's scale), as 'chart title: text (size)'."""
    return driver.execute_script("""
        var out=[];document.querySelectorAll('svg.chart').forEach(function(svg){
          var r=svg.getBoundingClientRect(),vb=svg.viewBox&&svg.viewBox.baseVal;if(!vb||!vb.width||r.width===0)return;
          var scale=r.width/vb.width;svg.querySelectorAll('text').forEach(function(t){if(!t.textContent)return;
            var size=parseFloat(getComputedStyle(t).fontSize)*scale;
            if(size<9.95)out.push((svg.getAttribute('aria-label')||'chart')+': '+t.textContent.slice(0,30)+' ('+size.toFixed(1)+' px)');});});
        return out;""")


def open_everything(driver):
    """Opens every fold and waits until the folded charts are in the page."""
    driver.execute_script("document.querySelectorAll('details').forEach(function(d){d.open=true;});")
    WebDriverWait(driver, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, "details template.deferred-charts"))


def check_axe(driver, url, name):
    try:
        from axe_selenium_python import Axe
    except ImportError:
        check(False, "axe-core is not installed in the test's Python (make deps-browser installs axe-selenium-python)")
        return
    load(driver, url) if name == "index.html" else driver.get(url)
    driver.set_script_timeout(120)
    axe = Axe(driver)
    axe.inject()
    results = axe.run()
    bad = [v for v in results["violations"] if v.get("impact") in ("serious", "critical")]
    check(not bad, f"axe-core on {name}: " + "; ".join(f"{v['id']} ({v['impact']}) ×{len(v['nodes'])}: {v['nodes'][0]['target']}" for v in bad))
    driver.set_script_timeout(10)


HEADLINE_UNITS = {"latency_p95_ms": "ms", "visible_jitter_px": "px", "parallax_error_p95_px": "px", "effect_gain_px_per_cm": "px/cm"}


def check_headline(driver, width, height, metrics=HEADLINE_UNITS):
    """The headline block: present, the app's value of each question (of `metrics`) a number with its unit, inside
    the first width × height viewport."""
    driver.execute_script("window.scrollTo(0,0);")
    block = driver.find_elements(By.ID, "headline")
    check(len(block) == 1, f"no headline block at {width} px")
    if not block:
        return
    for metric in metrics:
        unit = HEADLINE_UNITS[metric]
        cells = driver.find_elements(By.CSS_SELECTOR, f"#headline .hl-q[data-metric='{metric}'] .hl-value")
        check(len(cells) >= 1, f"headline: no value for {metric}")
        if not cells:
            continue
        text = cells[0].text
        check(re.match(r"^-?\d[\d.]*(e[-+]?\d+)? " + re.escape(unit) + r"( |$)", text) is not None, f"headline: {metric} reads {text!r}, not a number in {unit}")
        left, top, w, h = rect(driver, cells[0])
        check(top >= 0 and top + h <= height and left >= 0 and left + w <= width and w > 0,
              f"headline: {metric} at ({left:.0f}, {top:.0f}) {w:.0f}×{h:.0f} is not inside the first {width}×{height} viewport")


def check_audit_line(driver, report):
    """The verdict line counts the app audit's failing checks and links to the audit; audit.html is beside index.html."""
    status = driver.find_element(By.ID, "run-status").text
    check(re.search(r"; app audit: \d+ of \d+ checks fail", status) is not None, f"the verdict line does not count the app audit's failing checks: {status!r}")
    check(len(driver.find_elements(By.CSS_SELECTOR, "#run-status a.audit-line[href='#audit']")) == 1, "the verdict line's audit part does not link to #audit")
    check(len(driver.find_elements(By.ID, "audit")) == 1, "no audit section for the verdict line to link to")
    check(os.path.isfile(os.path.join(report, "audit.html")), "no audit.html beside index.html")


def check_first_failure(driver, report, first, patch, artifacts):
    """The first failing frame's changed region: listed in report.json and the page, boxed inside the first
    viewport at 1280×900; zoomed 8× the golden shows the painted pixels at the box's centre."""
    name, x, y, w, h, colour = patch
    data = json.load(open(os.path.join(report, "report.json")))
    frame = next((f for f in data["frames"] if f["name"] == name), None)
    check(frame is not None and frame["status"] != "pass", f"the painted frame {name} did not fail")
    if frame is None:
        return
    regions = frame.get("regions") or []
    check(len(regions) == 1 and frame.get("region_count") == 1, f"{name}: expected one changed region, report.json has {frame.get('region_count')}: {regions}")
    if regions:
        r = regions[0]
        check((r["x"], r["y"], r["width"], r["height"], r["pixels"]) == (x, y, w, h, w * h),
              f"{name}: report.json's region {r} is not the painted {w}×{h} patch at ({x}, {y})")
    check(first.get_attribute("data-name") == name, f"the first frame card is {first.get_attribute('data-name')}, expected {name}")
    listed = [b.text for b in first.find_elements(By.CSS_SELECTOR, "button.region")]
    check(len(listed) == 1 and f"{w}×{h} px at ({x}, {y})" in listed[0], f"{name}: the page lists the regions {listed}")
    driver.execute_script("window.scrollTo(0,0);")
    box = first.find_elements(By.CSS_SELECTOR, ".overlay rect.box.largest")
    check(len(box) == 1, f"{name}: no box on the comparison image")
    if box:
        left, top, bw, bh = rect(driver, box[0])
        check(top >= nav_bottom(driver) - 1 and top + bh <= HEIGHT and left >= 0 and left + bw <= WIDTH and bw > 0,
              f"{name}: the boxed region is at ({left:.0f}, {top:.0f}) {bw:.0f}×{bh:.0f}, not inside the first {WIDTH}×{HEIGHT} viewport")
    driver.save_screenshot(os.path.join(artifacts, "first-viewport-1280.png"))
    viewer = first.find_element(By.CSS_SELECTOR, ".viewer")
    click(driver, viewer.find_element(By.CSS_SELECTOR, "button.zoom[data-zoom='8']"))
    toggle = viewer.find_element(By.CSS_SELECTOR, "button.toggle")
    for _ in range(3):
        if viewer.find_element(By.CSS_SELECTOR, ".showing").text == "golden":
            break
        click(driver, toggle)
    stage = viewer.find_element(By.CSS_SELECTOR, ".overlay-pan")
    driver.execute_script("arguments[0].scrollIntoView({block:'center'});", stage)
    sl, st, sw, sh = rect(driver, stage)
    zl, zt, zw, zh = rect(driver, viewer.find_element(By.CSS_SELECTOR, ".overlay"))
    check(abs(zw - 8 * frame["width"]) <= 1, f"zoom 8× shows the image {zw:.0f} px wide, expected {8 * frame['width']}")
    seen = viewport_pixel(driver, sl + sw / 2, st + sh / 2)
    check(near(seen, colour), f"zoomed 8× on the region, the golden's centre shows {seen}, the painted colour is {colour}")
    expected_left = zl + (x + w / 2) * 8 - sw / 2
    check(abs(expected_left - sl) <= 9, f"zoom 8× does not centre the region: its centre is {zl + (x + w / 2) * 8 - sl:.0f} px into a {sw:.0f} px view")
    diff_pane = viewer.find_elements(By.CSS_SELECTOR, ".panes .pan img.diff")
    actual_box = viewer.find_elements(By.CSS_SELECTOR, ".panes .pan rect.box.largest")
    check(len(diff_pane) == 1 and len(actual_box) == 2, f"boxes on actual and diff panes: {len(actual_box)}")
    if actual_box:
        driver.execute_script("arguments[0].scrollIntoView({block:'center'});", actual_box[0])
        bl, bt, bw, bh = rect(driver, actual_box[0])
        check(abs(bw - (w + 4) * 8) <= 2, f"the actual pane's box is {bw:.0f} px wide at 8×, expected {(w + 4) * 8}")
    shoot(driver, viewer, artifacts, "zoom-8x")
    click(driver, viewer.find_element(By.CSS_SELECTOR, "button.zoom[data-zoom='fit']"))
    driver.execute_script("arguments[0].value=50;arguments[0].dispatchEvent(new Event('input'));", viewer.find_element(By.CSS_SELECTOR, "input.split"))


def check_split_state(driver, viewer, overlay):
    """Slider, drag on the image, toggle and blink set one split: thumb, label and the visible image agree."""
    split = viewer.find_element(By.CSS_SELECTOR, "input.split")
    label = viewer.find_element(By.CSS_SELECTOR, ".showing")
    driver.execute_script("arguments[0].scrollIntoView({block:'center'});", overlay)
    left, top, width, height = rect(driver, overlay)
    ActionChains(driver).move_to_element_with_offset(overlay, int(-width * 0.5 + width * 0.8), 0).click_and_hold() \
        .move_by_offset(-int(width * 0.6), 0).release().perform()
    value = float(split.get_attribute("value"))
    check(15 <= value <= 25, f"dragging on the image from 80 % to 20 % left the split at {value}")
    check(label.text == "golden | actual", f"at split {value} the label reads {label.text!r}")
    check(hit(driver, overlay, 0.1) == "golden" and hit(driver, overlay, 0.5) == "actual", "after the drag the image does not show the split where it was dropped")
    toggle = viewer.find_element(By.CSS_SELECTOR, "button.toggle")
    click(driver, toggle)
    check(split.get_attribute("value") == "0" and label.text == "actual", f"after toggle: split {split.get_attribute('value')}, label {label.text!r}")
    check(split.get_attribute("aria-valuetext") == "actual only", f"after toggle the slider announces {split.get_attribute('aria-valuetext')!r}")
    click(driver, toggle)
    check(split.get_attribute("value") == "100" and label.text == "golden", f"after toggle again: split {split.get_attribute('value')}, label {label.text!r}")
    blink = viewer.find_element(By.CSS_SELECTOR, "button.blink")
    click(driver, blink)
    states = set()
    for _ in range(4):
        driver.execute_script("return new Promise(function(r){setTimeout(r,300);});")
        # Slider and label read in one script: the 500 ms blink may fire between two WebDriver calls.
        v, t = driver.execute_script("return [arguments[0].value, arguments[1].innerText];", split, label)
        states.add((v, t.strip()))
    click(driver, blink)
    check(states <= {("0", "actual"), ("100", "golden")} and len(states) == 2, f"blink's states (slider, label): {sorted(states)}")
    split.send_keys(Keys.HOME)
    for _ in range(5):
        split.send_keys(Keys.ARROW_RIGHT)
    check(split.get_attribute("value") == "5" and label.text == "golden | actual", f"slider by keyboard: {split.get_attribute('value')}, {label.text!r}")
    driver.execute_script("arguments[0].value=50;arguments[0].dispatchEvent(new Event('input'));", split)


def check_tabs(driver, url):
    """Status tabs filter by the items' status attribute, with counts, and are kept in the URL."""
    tabs = {t.get_attribute("data-tab"): t for t in driver.find_elements(By.CSS_SELECTOR, ".status-tab")}
    check(sorted(tabs) == ["all", "failed", "informational", "passed"], f"status tabs: {sorted(tabs)}")
    if "failed" not in tabs:
        return
    failed = driver.execute_script("return document.querySelectorAll('.filterable tbody tr[data-status=failed], .filterable-item[data-status=failed]').length;")
    check(tabs["failed"].text.endswith(f"({failed})"), f"the Failed tab reads {tabs['failed'].text!r}, the page holds {failed} failed items")
    click(driver, tabs["failed"])
    shown = driver.execute_script("""var out=[];document.querySelectorAll('.filterable tbody tr, .filterable-item').forEach(function(e){
        if(e.offsetParent!==null||e.getClientRects().length)out.push(e.getAttribute('data-status'));});return out;""")
    check(shown and all(s == "failed" for s in shown), f"the Failed tab shows items of status {sorted(set(map(str, shown)))}")
    check("status=failed" in driver.current_url, f"the Failed tab is not in the URL: {driver.current_url}")
    passing_heading = driver.execute_script("var g=document.querySelector('#frames .filter-group');return g?g.offsetParent!==null:null;")
    check(passing_heading is not True, "under the Failed tab the Passing frames heading still shows")
    load(driver, driver.current_url)
    pressed = driver.find_element(By.CSS_SELECTOR, ".status-tab[data-tab=failed]").get_attribute("aria-pressed")
    check(pressed == "true", "reloading the filtered URL does not restore the Failed tab")
    load(driver, url)


NUMBER_WITH_UNIT = re.compile(r"\d(?:\.\d+)?\s?(?:mm|px|ms|s|°|%)(?![a-z])")


def check_audit_pictures(driver, folder, name):
    """Each reachable check of audit.json that has values has, in audit.html, its section with the frame pair and the
    overlay (loaded, lazy, sized), and a plot when audit.json has its series; every alt text (aria-label for the plot)
    names the check and carries a number with a unit."""
    data = json.load(open(os.path.join(folder, "audit.json")))
    driver.get("file://" + os.path.join(os.path.abspath(folder), "audit.html"))
    checked = 0
    for c in data["checks"]:
        if not c["reachable"] or not c["counts_in_verdict"] or c["count"] == 0:
            continue
        sections = driver.find_elements(By.ID, "pictures-" + c["id"])
        check(len(sections) == 1, f"{name}: no picture section for {c['id']}")
        if not sections:
            continue
        section = sections[0]
        # Latency's values are a distribution, but its plot draws the view-angle error its delay causes per instant.
        check(c["id"] != "latency" or bool(c.get("series")), f"{name}: latency has no series to plot")
        wanted = ["figure.picture-pair img", "figure.picture-overlay img"] + (["figure.plot"] if c.get("series") else [])
        for selector in wanted:
            found = section.find_elements(By.CSS_SELECTOR, selector)
            check(len(found) >= 1, f"{name}: {c['id']} has no {selector}")
            for element in found:
                text = element.get_attribute("alt") if element.tag_name == "img" else element.get_attribute("aria-label")
                check(text and c["id"] in text and NUMBER_WITH_UNIT.search(text), f"{name}: {c['id']} {selector} alt text lacks the check or a number with a unit: {text!r}")
                if element.tag_name == "img":
                    check(element.get_attribute("loading") == "lazy" and element.get_attribute("width") and element.get_attribute("height"),
                          f"{name}: {c['id']} image not lazy or not sized")
                    driver.execute_script("arguments[0].scrollIntoView();", element)
                    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0;", element))
        if c.get("series"):
            panels = section.find_elements(By.CSS_SELECTOR, "figure.plot svg.chart")
            check(len(panels) >= len(c["series"]), f"{name}: {c['id']} has {len(panels)} plot panels for {len(c['series'])} traces")
        checked += 1
    check(checked >= 5, f"{name}: only {checked} checks with pictures")


def check_scrubber(driver, url, artifacts):
    """The suite report's scrubber: moving the range input shows other frames (both sides) and another instant."""
    load(driver, url)
    ranges = driver.find_elements(By.CSS_SELECTOR, "#motion input[type=range]")
    check(len(ranges) == 1, "no scrubber (a range input) in the motion section")
    if not ranges:
        return
    scrubber = ranges[0]
    app, truth = driver.find_element(By.ID, "motion-app"), driver.find_element(By.ID, "motion-true")
    readout = driver.find_element(By.ID, "motion-readout")
    before = (app.get_attribute("src"), truth.get_attribute("src"), readout.text)
    check(NUMBER_WITH_UNIT.search(before[2]) is not None and "eye" in before[2], f"the scrubber's readout lacks the time and eyes: {before[2]!r}")
    driver.execute_script("arguments[0].scrollIntoView();", scrubber)
    scrubber.send_keys(Keys.END)
    after = (app.get_attribute("src"), truth.get_attribute("src"), readout.text)
    check(after[0] != before[0] and after[1] != before[1], f"the scrubber does not change the frames: {before[:2]} → {after[:2]}")
    check(after[2] != before[2], "the scrubber does not change the shown instant")
    for image in (app, truth):
        WebDriverWait(driver, 10).until(lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0;", image))
    shoot(driver, driver.find_element(By.ID, "motion"), artifacts, "motion")


def main():
    if len(sys.argv) == 8 and sys.argv[1] == "--paint":
        png_pixels.paint(sys.argv[2], *map(int, sys.argv[3:7]), tuple(bytes.fromhex(sys.argv[7])))
        return 0
    if len(sys.argv) < 3:
        print(__doc__.strip().splitlines()[-7], file=sys.stderr)
        return 2
    report, artifacts = sys.argv[1], sys.argv[2]
    options = sys.argv[3:]
    patch, audit, accept = None, None, False
    while options:
        option = options.pop(0)
        if option == "--patch" and options:
            parts = options.pop(0).split(",")
            patch = (parts[0], *map(int, parts[1:5]), tuple(bytes.fromhex(parts[5])))
        elif option == "--audit" and options:
            audit = options.pop(0)
        elif option == "--accept":
            accept = True
        else:
            print(f"unknown option {option}", file=sys.stderr)
            return 2
    page = os.path.join(os.path.abspath(report), "index.html")
    if not os.path.isfile(page):
        print(f"{page}: no such report page", file=sys.stderr)
        return 2
    os.makedirs(artifacts, exist_ok=True)
    url = "file://" + page
    driver = start_browser()
    try:
        load(driver, url)
        body = driver.find_element(By.TAG_NAME, "body")
        check(body.get_attribute("data-errors") == "0", f"script errors on the page: {body.get_attribute('data-errors')}")
        check(body.get_attribute("data-broken-images") == "0", f"broken images: {body.get_attribute('data-broken-images')}")
        check(len(driver.find_elements(By.TAG_NAME, "main")) == 1, "no <main> landmark")

        # The overview fits one screen.
        driver.execute_script("window.scrollTo(0,0);")
        overview = driver.find_element(By.ID, "overview")
        left, top, width, height = rect(driver, overview)
        check(top + height <= HEIGHT and left + width <= WIDTH, f"overview is {width:.0f}x{top + height:.0f} px, beyond {WIDTH}x{HEIGHT}")
        check(driver.execute_script("return document.documentElement.scrollWidth;") <= WIDTH, "the page scrolls sideways at 1280 px")
        shoot(driver, overview, artifacts, "overview")
        check_headline(driver, WIDTH, HEIGHT)
        check_audit_line(driver, report)

        # A failing frame is first and open.
        cards = driver.find_elements(By.CSS_SELECTOR, "#frames .frame-card")
        check(len(cards) > 0, "no frame cards")
        if not cards:
            return 1
        first = cards[0]
        check(first.get_attribute("data-status") == "failed", f"first frame card is {first.get_attribute('data-status')}, expected a failure first")
        check(first.get_attribute("open") is not None, "the failing frame is not expanded")
        passing = [c for c in cards if c.get_attribute("data-status") == "passed"]
        check(all(c.get_attribute("open") is None for c in passing), "a passing frame is expanded by default")
        check(all(i.get_attribute("loading") == "lazy" for c in passing for i in c.find_elements(By.TAG_NAME, "img")),
              "a passing frame's images load eagerly")
        if patch:
            check_first_failure(driver, report, first, patch, artifacts)
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
        check_split_state(driver, viewer, overlay)

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
        click(driver, viewer.find_element(By.CSS_SELECTOR, "button.zoom[data-zoom='1']"))
        driver.execute_script("return new Promise(function(r){requestAnimationFrame(function(){requestAnimationFrame(r);});});")
        natural = driver.execute_script("return [arguments[0].getBoundingClientRect().width, arguments[0].naturalWidth];", golden)
        check(abs(natural[0] - natural[1]) <= 0.5, f"1:1 zoom shows the golden at {natural[0]} px, natural width {natural[1]}")
        panes = viewer.find_elements(By.CSS_SELECTOR, ".panes .pan")
        if len(panes) >= 2:
            driver.execute_script("arguments[0].scrollTop=60;arguments[0].dispatchEvent(new Event('scroll'));", panes[0])
            tops = [driver.execute_script("return arguments[0].scrollTop;", p) for p in panes]
            sizes = [driver.execute_script("var i=arguments[0].querySelector('img');return [arguments[0].clientHeight,arguments[0].scrollHeight,"
                                           "Math.round(i.getBoundingClientRect().height),i.naturalHeight,i.complete,arguments[0].parentElement.parentElement.className];", p) for p in panes]
            check(tops[0] > 0 and all(t == tops[0] for t in tops), f"panes do not pan together: scrollTop {tops}; panes (height, scroll height, image height, natural, complete): {sizes}")
        else:
            check(False, "fewer than two panes in the failing frame's viewer")
        click(driver, viewer.find_element(By.CSS_SELECTOR, "button.zoom[data-zoom='fit']"))

        # A thumbnail opens on click.
        if passing:
            card = passing[0]
            click(driver, card.find_element(By.TAG_NAME, "summary"))
            check(card.get_attribute("open") is not None, "clicking a thumbnail did not open its frame")
            # The viewer is built when the card opens: wait for it (a loaded CI machine may take a moment).
            try:
                WebDriverWait(driver, 5).until(lambda d: card.find_elements(By.CSS_SELECTOR, ".overlay")
                                               and card.find_element(By.CSS_SELECTOR, ".overlay").is_displayed())
                shown = True
            except TimeoutException:
                shown = False
            check(shown, "the opened frame shows no viewer within 5 s")

        # Hover read-out of a time series (in a scenario section, folded by default), and by keyboard.
        details = driver.find_elements(By.CSS_SELECTOR, "details.detail")
        check(len(details) > 0 and all(d.get_attribute("open") is None for d in details), "scenario detail is not folded by default")
        if details:
            check(not details[0].find_elements(By.CSS_SELECTOR, "svg.chart") and details[0].find_elements(By.CSS_SELECTOR, "template.deferred-charts"),
                  "a folded scenario section has its charts in the live page (they should wait in a template)")
            click(driver, details[0].find_element(By.TAG_NAME, "summary"))
            WebDriverWait(driver, 5).until(lambda d: details[0].find_elements(By.CSS_SELECTOR, "svg.chart[data-readout]"))
            chart = details[0].find_element(By.CSS_SELECTOR, "svg.chart[data-readout]")
            driver.execute_script("arguments[0].scrollIntoView({block:'center'});", chart)
            ActionChains(driver).move_to_element(chart).perform()
            readout = chart.find_element(By.CSS_SELECTOR, ".readout").text
            check(readout.startswith("x ") and "·" in readout, f"no hover read-out on the chart: {readout!r}")
            driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('mouseleave'));", chart)
            driver.execute_script("arguments[0].focus();", chart)
            ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
            keyed = chart.find_element(By.CSS_SELECTOR, ".readout").text
            check(keyed.startswith("x ") and driver.execute_script("return document.activeElement===arguments[0];", chart),
                  f"no keyboard read-out on the chart: {keyed!r}")

        for section in driver.find_elements(By.CSS_SELECTOR, "section"):
            if section.get_attribute("id") not in ("overview", "frames"):
                shoot(driver, section, artifacts, section.get_attribute("id"))

        errors = [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
        check(not errors, f"console errors: {errors}")

        # Chart text at full width, every fold open.
        open_everything(driver)
        small = small_chart_text(driver)
        check(not small, f"chart text under 10 px at {WIDTH} px: {small[:5]} ({len(small)} in all)")

        # A deep link to a folded frame opens it below the sticky bar.
        if passing:
            anchor = passing[-1].get_attribute("id")
            load(driver, url + "#" + anchor)
            target = driver.find_element(By.ID, anchor)
            check(target.get_attribute("open") is not None, f"the deep link #{anchor} did not open its frame")
            top = rect(driver, target)[1]
            check(nav_bottom(driver) - 1 <= top <= HEIGHT / 2, f"the deep link #{anchor} lands at y = {top:.0f} (bar ends at {nav_bottom(driver):.0f})")
        load(driver, url)
        check_tabs(driver, url)

        # Phone widths: no sideways page scroll (tables and charts scroll in their own boxes), chart text ≥ 10 px.
        # The headline in a phone's first viewport (390×844).
        set_width(driver, 390, 844)
        load(driver, url)
        check_headline(driver, 390, 844, ["latency_p95_ms", "visible_jitter_px", "parallax_error_p95_px"])
        for narrow in (360, 390):
            set_width(driver, narrow, 800)
            load(driver, url)
            driver.save_screenshot(os.path.join(artifacts, f"first-viewport-{narrow}.png"))
            open_everything(driver)
            scroll = driver.execute_script("return document.documentElement.scrollWidth;")
            check(scroll <= narrow, f"the page scrolls sideways at {narrow} px (to {scroll} px)")
            small = small_chart_text(driver)
            check(not small, f"chart text under 10 px at {narrow} px: {small[:5]} ({len(small)} in all)")
            bar = driver.execute_script("return document.querySelector('nav').offsetHeight;")
            check(bar <= 60, f"the sticky bar is {bar:.0f} px tall at {narrow} px")
        set_width(driver, WIDTH)

        # Accessibility: no serious or critical axe-core violation.
        check_axe(driver, url, "index.html")
        tune = os.path.join(os.path.abspath(report), "tune.html")
        check(os.path.isfile(tune), "no tune.html beside the report")
        if os.path.isfile(tune):
            check_axe(driver, "file://" + tune, "tune.html")
            # The interactive tuning view lives in tune.html (index.html links to it).
            driver.get("file://" + tune)
            check_tune_view(driver, artifacts)
            for narrow in (360, 390):
                set_width(driver, narrow, 800)
                driver.get("file://" + tune)
                scroll = driver.execute_script("return document.documentElement.scrollWidth;")
                check(scroll <= narrow, f"tune.html scrolls sideways at {narrow} px (to {scroll} px)")
                small = small_chart_text(driver)
                check(not small, f"tune.html chart text under 10 px at {narrow} px: {small[:5]} ({len(small)} in all)")
            set_width(driver, WIDTH)
        if audit:
            check_axe(driver, "file://" + os.path.join(os.path.abspath(audit), "audit.html"), "audit.html")
            check_audit_pictures(driver, audit, "audit's audit.html")
        # The suite's audit.html: every check's pictures and plots, axe-clean, no sideways scroll on a phone.
        check_axe(driver, "file://" + os.path.join(os.path.abspath(report), "audit.html"), "the suite's audit.html")
        check_audit_pictures(driver, report, "the suite's audit.html")
        for narrow in (360, 390):
            set_width(driver, narrow, 800)
            driver.get("file://" + os.path.join(os.path.abspath(report), "audit.html"))
            scroll = driver.execute_script("return document.documentElement.scrollWidth;")
            check(scroll <= narrow, f"audit.html scrolls sideways at {narrow} px (to {scroll} px)")
            small = small_chart_text(driver)
            check(not small, f"audit.html chart text under 10 px at {narrow} px: {small[:5]} ({len(small)} in all)")
        set_width(driver, WIDTH)
        check_scrubber(driver, url, artifacts)

        # The accept command runs as the page shows it, from the folder the run was started in.
        if accept:
            load(driver, url)
            command = driver.find_element(By.CSS_SELECTOR, "#frames .frame-card[data-status=failed] .remedy button.copy").get_attribute("data-copy")
            name = driver.find_element(By.CSS_SELECTOR, "#frames .frame-card[data-status=failed]").get_attribute("data-name")
            ran = subprocess.run(["/bin/sh", "-c", command], cwd=os.path.dirname(os.path.abspath(report)), capture_output=True, text=True, timeout=60)
            check(ran.returncode == 0, f"the accept command {command!r} exited {ran.returncode}: {ran.stderr.strip()}")
            data = json.load(open(os.path.join(report, "report.json")))
            frame = next(f for f in data["frames"] if f["name"] == name)
            golden = os.path.join(os.path.dirname(os.path.abspath(report)), frame["golden"])
            with open(golden, "rb") as g, open(os.path.join(report, frame["actual_image"]), "rb") as a:
                check(png_pixels.read(g.read())[2] == png_pixels.read(a.read())[2], f"after {command!r} the golden {frame['golden']} is not the actual frame")
    finally:
        driver.quit()
    print(f"{passes} passed, {len(failures)} failed", flush=True)
    return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
