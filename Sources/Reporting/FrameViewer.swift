import Vocabulary

/// A frame in the report: a failing frame is an open card with its comparison viewer first (so that the change is
/// on the first screen) and its facts beside it; a passing one is a thumbnail that opens into the same card on
/// click (its images load only then).
///
/// The viewer overlays golden and actual in one box: one split value (0 = all actual, 100 = all golden) is the
/// state that the range input, a drag on the image, "toggle" and "blink" all set, and that the label, the
/// slider's thumb and its `aria-valuetext` all show. The changed regions (`FrameResult.regions`) are boxed on
/// the overlay, the actual and the diff, and listed with their pixel coordinates; the zoom (fit, 1×, 2×, 4×, 8×)
/// scales the overlay and the panes alike and centres the largest region (or the one picked in the list); the
/// three panes pan together.
enum FrameViewer {
    static let zoomLevels = ["fit", "1", "2", "4", "8"]

    /// `reportDirectory`: the published report folder, named in the accept command.
    static func card(_ frame: FrameResult, reportDirectory: String) -> Node {
        let lazy = frame.status.passed
        var facts: [Node] = []
        if let message = frame.message { facts.append(HTML.el("p", .text(message))) }
        if let list = regionList(frame) { facts.append(list) }
        if !frame.status.passed {
            facts.append(HTML.el("p", ["class": "remedy"], .text("Accept (after looking at the actual frame): "),
                                 Remedy.command(Remedy.accept(reportDirectory: reportDirectory, frame: frame.name))))
            facts.append(HTML.el("p", ["class": "remedy muted"], .text("or re-render from scratch: "), Remedy.command(frame.recordCommand)))
        }
        if !frame.checks.isEmpty {
            facts.append(HTML.table(["limit", "value", "bound", "status"], frame.checks.map { check in
                [.text(check.limit), .text(Format.value(check.value)), .text("\(check.relation.rawValue) \(Format.value(check.bound))"), ReportPage.badge(Verdict(passed: check.passed))]
            }))
            let metrics = frame.metrics.sorted { $0.key < $1.key }.map { "\($0.key) \(Format.value($0.value))" }.joined(separator: " · ")
            facts.append(HTML.el("p", ["class": "muted"], .text(metrics)))
        }
        facts.append(HTML.el("p", ["class": "muted"], .text("\(frame.scene) · \(frame.screen) · \(frame.width)×\(frame.height) px · head (\(frame.head.map { Format.value($0) }.joined(separator: ", "))) m · eye (\(frame.eye.map { Format.value($0) }.joined(separator: ", "))) m")))
        let summary = HTML.el("summary", image(frame.actualImage, alt: "\(frame.name) (actual)", class: "thumbnail", lazy: lazy),
                              HTML.el("span", ["class": "frame-name"], .text(frame.name + " ")), ReportPage.badge(frame.status))
        let status = frame.status.passed ? "passed" : "failed"
        let attributes: KeyValuePairs<String, String> = frame.status.passed
            ? ["id": AnchorID.frame(frame.name), "class": "frame-card filterable-item", "data-status": status, "data-verdict": frame.status.rawValue, "data-name": frame.name]
            : ["id": AnchorID.frame(frame.name), "class": "frame-card filterable-item", "data-status": status, "data-verdict": frame.status.rawValue, "data-name": frame.name, "open": "open"]
        return HTML.el("details", attributes, children: [summary, HTML.el("div", ["class": "frame-body"], viewer(frame, lazy: lazy),
                                                                          HTML.el("div", ["class": "frame-facts"], children: facts))])
    }

    static func image(_ path: String, alt: String, class kind: String, lazy: Bool) -> Node {
        lazy ? HTML.el("img", ["src": path, "alt": alt, "class": kind, "loading": "lazy"]) : HTML.el("img", ["src": path, "alt": alt, "class": kind])
    }

    /// The regions as a list of buttons (each zooms to its region), with the total when more were found than listed.
    static func regionList(_ frame: FrameResult) -> Node? {
        guard let regions = frame.regions, !regions.isEmpty else { return nil }
        let total = frame.regionCount ?? regions.count
        let heading = total > regions.count ? "Changed regions (\(total), largest \(regions.count) listed; pixel coordinates, origin top-left)"
                                            : "Changed regions (\(total); pixel coordinates, origin top-left)"
        return HTML.el("div", ["class": "regions"], HTML.el("p", ["class": "regions-title"], .text(heading)),
                       HTML.el("ol", children: regions.enumerated().map { i, region in
                           HTML.el("li", HTML.el("button", ["type": "button", "class": "region", "data-region": "\(i)"], .text(entry(region))))
                       }))
    }

    /// "6×6 px at (120, 48) · 36 px over tolerance · max diff 255": a region's entry in the list.
    static func entry(_ region: DiffRegion) -> String {
        "\(region.width)×\(region.height) px at (\(region.x), \(region.y)) · \(region.pixels) px over tolerance · max diff \(region.maxChannelDiff)"
    }

    /// The boxes of the regions as an SVG in image coordinates laid over an image (each box outset by 2 px so that a
    /// one-pixel change still shows a visible box).
    static func boxes(_ frame: FrameResult) -> Node? {
        guard let regions = frame.regions, !regions.isEmpty, frame.width > 0, frame.height > 0 else { return nil }
        var svg = "<svg class=\"boxes\" viewBox=\"0 0 \(frame.width) \(frame.height)\" preserveAspectRatio=\"none\" aria-hidden=\"true\">"
        for (i, r) in regions.enumerated() {
            let x0 = max(0, r.x - 2), y0 = max(0, r.y - 2), x1 = min(frame.width, r.x + r.width + 2), y1 = min(frame.height, r.y + r.height + 2)
            svg += "<rect class=\"box\(i == 0 ? " largest" : "")\" data-region=\"\(i)\" x=\"\(x0)\" y=\"\(y0)\" width=\"\(x1 - x0)\" height=\"\(y1 - y0)\"/>"
        }
        return .trusted(svg + "</svg>")
    }

    static func viewer(_ frame: FrameResult, lazy: Bool) -> Node {
        let boxes = boxes(frame)
        func pane(_ path: String, _ caption: String, _ kind: String, boxed: Bool) -> Node {
            HTML.el("figure", HTML.el("div", ["class": "pan"], HTML.el("div", ["class": "zoomable"], children: [image(path, alt: caption, class: kind, lazy: lazy)] + (boxed ? boxes.map { [$0] } ?? [] : []))),
                    HTML.el("figcaption", HTML.el("a", ["href": path], .text(caption))))
        }
        var panes: [Node] = []
        if let golden = frame.goldenImage { panes.append(pane(golden, "golden", "golden", boxed: false)) }
        panes.append(pane(frame.actualImage, "actual", "actual", boxed: true))
        if let diff = frame.diffImage { panes.append(pane(diff, "diff (golden grey, differences red)", "diff", boxed: true)) }
        var children: [Node] = []
        var controls: [Node] = []
        if let golden = frame.goldenImage {
            controls += [
                HTML.el("label", .text("split "), HTML.el("input", ["type": "range", "min": "0", "max": "100", "value": "50", "class": "split",
                                                                     "aria-label": "split between golden (left) and actual (right)",
                                                                     "aria-valuetext": "golden left 50 %, actual right"])),
                HTML.el("button", ["type": "button", "class": "toggle"], .text("toggle golden / actual")),
                HTML.el("button", ["type": "button", "class": "blink", "aria-pressed": "false"], .text("blink")),
                HTML.el("span", ["class": "showing muted", "aria-live": "polite"], .text("golden | actual")),
            ]
            children.append(HTML.el("div", ["class": "pan overlay-pan"],
                HTML.el("div", ["class": "overlay zoomable", "title": "drag to move the split"], children: [
                        image(golden, alt: "golden", class: "golden", lazy: lazy),
                        image(frame.actualImage, alt: "actual", class: "actual", lazy: lazy),
                        HTML.el("div", ["class": "divider"])] + (boxes.map { [$0] } ?? []))))
        }
        controls.append(HTML.el("span", ["class": "zoom-buttons", "role": "group", "aria-label": "zoom"], children: zoomLevels.map { level in
            HTML.el("button", ["type": "button", "class": "zoom", "data-zoom": level, "aria-pressed": level == "fit" ? "true" : "false"],
                    .text(level == "fit" ? "fit" : "\(level)×"))
        }))
        var attributes: [(String, String)] = [("class", "viewer"), ("data-width", "\(frame.width)"), ("data-height", "\(frame.height)")]
        if let regions = frame.regions, !regions.isEmpty {
            attributes.append(("data-regions", "[" + regions.map { "[\($0.x),\($0.y),\($0.width),\($0.height)]" }.joined(separator: ",") + "]"))
        }
        return .element("div", attributes, [HTML.el("div", ["class": "controls"], children: controls)] + children
                        + [HTML.el("div", ["class": "panes"], children: panes)])
    }

    /// Viewer behaviour: one split state for slider, drag, toggle and blink; zoom levels that centre a region;
    /// panes that pan together.
    static let script = """
        document.querySelectorAll('.viewer').forEach(function(v){
          var split=v.querySelector('.split'),top=v.querySelector('.overlay img.actual'),line=v.querySelector('.divider'),
              label=v.querySelector('.showing'),overlay=v.querySelector('.overlay'),blinking=null,cut=50,
              W=Number(v.getAttribute('data-width')),H=Number(v.getAttribute('data-height')),
              regions=JSON.parse(v.getAttribute('data-regions')||'[]'),zoom='fit',focus=0;
          function words(p){return p<=0?'actual':p>=100?'golden':'golden | actual';}
          function show(p){p=Math.max(0,Math.min(100,Math.round(p)));cut=p;
            if(top){top.style.clipPath='inset(0 0 0 '+p+'%)';}
            if(line){line.style.left=p+'%';line.style.display=(p<=0||p>=100)?'none':'';}
            if(label){label.textContent=words(p);}
            if(split){split.value=p;split.setAttribute('aria-valuetext',p<=0?'actual only':p>=100?'golden only':'golden left '+p+' %, actual right');}
            v.setAttribute('data-split',p);}
          function stopBlink(){if(blinking){clearInterval(blinking);blinking=null;var b=v.querySelector('.blink');b.textContent='blink';b.setAttribute('aria-pressed','false');}}
          if(split){split.addEventListener('input',function(){stopBlink();show(Number(split.value));});show(Number(split.value));}
          var t=v.querySelector('.toggle');if(t){t.addEventListener('click',function(){stopBlink();show(cut>0?0:100);});}
          var b=v.querySelector('.blink');if(b){b.addEventListener('click',function(){
            if(blinking){stopBlink();return;}
            b.textContent='stop';b.setAttribute('aria-pressed','true');blinking=setInterval(function(){show(cut>0?0:100);},500);});}
          if(overlay&&split){var dragging=false;
            function at(e){var r=overlay.getBoundingClientRect();show((e.clientX-r.left)/r.width*100);}
            overlay.addEventListener('pointerdown',function(e){if(e.button!==0)return;dragging=true;stopBlink();
              try{overlay.setPointerCapture(e.pointerId);}catch(x){}at(e);e.preventDefault();});
            overlay.addEventListener('pointermove',function(e){if(dragging)at(e);});
            overlay.addEventListener('pointerup',function(){dragging=false;});
            overlay.addEventListener('pointercancel',function(){dragging=false;});}
          var pans=v.querySelectorAll('.pan'),syncing=false;
          function centre(){var r=regions[focus];pans.forEach(function(p){var z=p.querySelector('.zoomable');if(!z)return;
            var s=z.getBoundingClientRect().width/W,cx=r?(r[0]+r[2]/2):W/2,cy=r?(r[1]+r[3]/2):H/2;
            syncing=true;p.scrollLeft=cx*s-p.clientWidth/2;p.scrollTop=cy*s-p.clientHeight/2;syncing=false;});}
          function setZoom(level){zoom=level;v.setAttribute('data-zoom',level);v.classList.toggle('zoomed',level!=='fit');
            v.querySelectorAll('button.zoom').forEach(function(z){z.setAttribute('aria-pressed',z.getAttribute('data-zoom')===level?'true':'false');});
            v.querySelectorAll('.zoomable').forEach(function(z){z.style.width=level==='fit'?'':(W*Number(level))+'px';});
            if(level!=='fit')centre();}
          v.querySelectorAll('button.zoom').forEach(function(z){z.addEventListener('click',function(){setZoom(z.getAttribute('data-zoom'));});});
          v.closest('.frame-card').querySelectorAll('button.region').forEach(function(r){r.addEventListener('click',function(){
            focus=Number(r.getAttribute('data-region'));v.setAttribute('data-focus',focus);
            v.querySelectorAll('rect.box').forEach(function(x){x.classList.toggle('focus',Number(x.getAttribute('data-region'))===focus);});
            setZoom(zoom==='fit'||zoom==='1'?'4':zoom);});});
          // The golden, actual and diff panes (one size) pan together; the comparison above keeps its own view (a box
          // of another size would clamp their offsets and bounce them back).
          var panes=v.querySelectorAll('.panes .pan');
          panes.forEach(function(p){p.addEventListener('scroll',function(){if(syncing)return;syncing=true;
            panes.forEach(function(o){if(o!==p&&(o.scrollLeft!==p.scrollLeft||o.scrollTop!==p.scrollTop)){o.scrollLeft=p.scrollLeft;o.scrollTop=p.scrollTop;}});syncing=false;});});
        });
        """

    static let stylesheet = """
        .thumbs{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:8px}
        .frame-card{border:1px solid var(--line);border-radius:6px;padding:6px 8px;margin:8px 0;background:#fff}
        .thumbs .frame-card{margin:0;min-width:0}.thumbs .frame-card[open]{grid-column:1/-1}
        .frame-card>summary{cursor:pointer;list-style:none;display:flex;align-items:center;gap:8px}
        .frame-card>summary::-webkit-details-marker{display:none}
        .thumbnail{width:48px;height:48px;object-fit:cover;border:1px solid var(--line);image-rendering:pixelated}
        .frame-name{font-weight:600;word-break:break-all}
        .frame-body{display:grid;grid-template-columns:minmax(0,1fr);gap:12px}
        @media (min-width:900px){.frame-body{grid-template-columns:minmax(0,auto) minmax(280px,1fr)}}
        .frame-facts{min-width:0}.frame-facts p{margin:4px 0 8px}
        .viewer{min-width:0}.viewer .controls{display:flex;flex-wrap:wrap;gap:8px 12px;align-items:center;margin:6px 0}
        .zoom-buttons{display:inline-flex;gap:2px}.zoom-buttons button[aria-pressed=true]{background:#0969da;color:#fff;border-color:#0969da}
        .pan{max-width:100%;overflow:hidden;display:block;position:relative}
        .overlay-pan{display:inline-block;vertical-align:top}
        .zoomable{position:relative;display:inline-block;line-height:0}
        .overlay{cursor:ew-resize;touch-action:none;user-select:none}
        .overlay img{display:block;max-width:min(420px,calc(100vw - 72px));max-height:52vh;image-rendering:pixelated}
        .overlay img.actual{position:absolute;left:0;top:0;width:100%;height:100%;max-width:none;max-height:none}
        .divider{position:absolute;top:0;bottom:0;width:2px;margin-left:-1px;background:#ffd33d;left:50%;pointer-events:none}
        .boxes{position:absolute;left:0;top:0;width:100%;height:100%;pointer-events:none;overflow:visible}
        .boxes rect{fill:none;stroke:#ff00ff;stroke-width:2;vector-effect:non-scaling-stroke}.boxes rect.largest,.boxes rect.focus{stroke-width:3}
        .panes{display:flex;gap:8px;flex-wrap:wrap;margin-top:8px}.panes figure{min-width:0;max-width:100%}
        .panes img{display:block;max-width:min(200px,calc(100vw - 72px));max-height:40vh;image-rendering:pixelated}
        .viewer.zoomed .zoomable img{max-width:none;max-height:none;width:100%;height:auto}
        .viewer.zoomed .overlay img.actual{height:100%}
        .viewer.zoomed .overlay-pan{overflow:auto;display:block;width:min(100%,480px);height:min(52vh,480px)}
        .viewer.zoomed .panes .pan{overflow:auto;width:min(100%,300px);height:240px}
        .regions ol{margin:4px 0;padding-left:22px}.regions-title{font-weight:600;margin:4px 0}
        button.region{font:inherit;font-size:13px;text-align:left;background:none;border:none;color:#0969da;cursor:pointer;padding:1px 0;text-decoration:underline}
        @media print{.frame-card:not([open]) .frame-body{display:none}.viewer .controls{display:none}}
        """
}
