import Plumbing

/// A frame in the report: a failing frame is an open card with its comparison viewer; a passing one is a
/// thumbnail that opens into the same card on click (so the page does not hold six full images per frame).
///
/// The viewer overlays golden and actual in one box: a range input moves the split (golden left, actual
/// right), "toggle" swaps the whole image in place, "blink" alternates them, and "1:1" shows pixels at
/// natural size with golden, actual and diff panes that pan together.
enum FrameViewer {
    /// `reportDirectory`: the published report folder, named in the accept command.
    static func card(_ frame: FrameResult, reportDirectory: String) -> Node {
        var content: [Node] = [
            HTML.el("p", ["class": "muted"], .text("\(frame.scene) · \(frame.screen) · \(frame.width)×\(frame.height) px · head (\(frame.head.map { Format.value($0) }.joined(separator: ", "))) m · eye (\(frame.eye.map { Format.value($0) }.joined(separator: ", "))) m")),
        ]
        if let message = frame.message { content.append(HTML.el("p", .text(message))) }
        if !frame.status.passed {
            content.append(HTML.el("p", ["class": "remedy"], .text("Accept (after looking at the actual frame): "),
                                   Remedy.command(Remedy.accept(reportDirectory: reportDirectory, frame: frame.name))))
            content.append(HTML.el("p", ["class": "remedy muted"], .text("or re-render from scratch: "), Remedy.command(frame.recordCommand)))
        }
        if !frame.checks.isEmpty {
            content.append(HTML.table(["limit", "value", "bound", ""], frame.checks.map { check in
                [.text(check.limit), .text(Format.value(check.value)), .text("\(check.relation.rawValue) \(Format.value(check.bound))"), ReportPage.badge(Verdict(passed: check.passed))]
            }))
            let metrics = frame.metrics.sorted { $0.key < $1.key }.map { "\($0.key) \(Format.value($0.value))" }.joined(separator: " · ")
            content.append(HTML.el("p", ["class": "muted"], .text(metrics)))
        }
        content.append(viewer(frame))
        let summary = HTML.el("summary", HTML.el("img", ["class": "thumbnail", "src": frame.actualImage, "alt": "\(frame.name) (actual)"]),
                              HTML.el("span", ["class": "frame-name"], .text(frame.name + " ")), ReportPage.badge(frame.status))
        let attributes: KeyValuePairs<String, String> = frame.status.passed
            ? ["id": AnchorID.frame(frame.name), "class": "frame-card filterable-item", "data-status": frame.status.rawValue, "data-name": frame.name]
            : ["id": AnchorID.frame(frame.name), "class": "frame-card filterable-item", "data-status": frame.status.rawValue, "data-name": frame.name, "open": "open"]
        return HTML.el("details", attributes, children: [summary] + [HTML.el("div", ["class": "frame-body"], children: content)])
    }

    static func viewer(_ frame: FrameResult) -> Node {
        func pane(_ path: String, _ caption: String, _ kind: String) -> Node {
            HTML.el("figure", HTML.el("div", ["class": "pan"], HTML.el("img", ["src": path, "alt": caption, "class": kind])),
                    HTML.el("figcaption", HTML.el("a", ["href": path], .text(caption))))
        }
        var panes: [Node] = []
        if let golden = frame.goldenImage { panes.append(pane(golden, "golden", "golden")) }
        panes.append(pane(frame.actualImage, "actual", "actual"))
        if let diff = frame.diffImage { panes.append(pane(diff, "diff (golden grey, differences red)", "diff")) }
        var children: [Node] = []
        var controls: [Node] = []
        if let golden = frame.goldenImage {
            controls += [
                HTML.el("label", .text("split "), HTML.el("input", ["type": "range", "min": "0", "max": "100", "value": "50", "class": "split",
                                                                     "aria-label": "split between golden (left) and actual (right)"])),
                HTML.el("button", ["type": "button", "class": "toggle"], .text("toggle golden / actual")),
                HTML.el("button", ["type": "button", "class": "blink"], .text("blink")),
                HTML.el("span", ["class": "showing muted"], .text("golden | actual")),
            ]
            children.append(HTML.el("div", ["class": "pan overlay-pan"],
                HTML.el("div", ["class": "overlay"],
                        HTML.el("img", ["src": golden, "alt": "golden", "class": "golden"]),
                        HTML.el("img", ["src": frame.actualImage, "alt": "actual", "class": "actual"]),
                        HTML.el("div", ["class": "divider"]))))
        }
        controls.append(HTML.el("label", HTML.el("input", ["type": "checkbox", "class": "zoom"]), .text(" 1:1 (panes pan together)")))
        return HTML.el("div", ["class": "viewer"], children: [HTML.el("div", ["class": "controls"], children: controls)] + children
                       + [HTML.el("div", ["class": "panes"], children: panes)])
    }

    /// Viewer behaviour: split, toggle, blink, 1:1 zoom with synchronized panning.
    static let script = """
        document.querySelectorAll('.viewer').forEach(function(v){
          var split=v.querySelector('.split'),top=v.querySelector('.overlay img.actual'),line=v.querySelector('.divider'),
              label=v.querySelector('.showing'),blinking=null,cut=50;
          function show(p,text){cut=p;if(top){top.style.clipPath='inset(0 0 0 '+p+'%)';}if(line){line.style.left=p+'%';
            line.style.display=(p<=0||p>=100)?'none':'';}if(label){label.textContent=text;}v.setAttribute('data-split',p);}
          if(split){split.addEventListener('input',function(){show(Number(split.value),'golden | actual');});show(Number(split.value),'golden | actual');}
          var t=v.querySelector('.toggle');if(t){t.addEventListener('click',function(){show(cut>0?0:100,cut>0?'actual':'golden');});}
          var b=v.querySelector('.blink');if(b){b.addEventListener('click',function(){
            if(blinking){clearInterval(blinking);blinking=null;b.textContent='blink';return;}
            b.textContent='stop';blinking=setInterval(function(){show(cut>0?0:100,cut>0?'actual':'golden');},500);});}
          var z=v.querySelector('.zoom');if(z){z.addEventListener('change',function(){v.classList.toggle('natural',z.checked);});}
          var pans=v.querySelectorAll('.pan'),syncing=false;
          pans.forEach(function(p){p.addEventListener('scroll',function(){if(syncing)return;syncing=true;
            pans.forEach(function(o){if(o!==p){o.scrollLeft=p.scrollLeft;o.scrollTop=p.scrollTop;}});syncing=false;});});
        });
        """

    static let stylesheet = """
        .thumbs{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:8px}
        .frame-card{border:1px solid var(--line);border-radius:6px;padding:6px 8px;margin:8px 0;background:#fff}
        .thumbs .frame-card{margin:0}.thumbs .frame-card[open]{grid-column:1/-1}
        .frame-card>summary{cursor:pointer;list-style:none;display:flex;align-items:center;gap:8px}
        .frame-card>summary::-webkit-details-marker{display:none}
        .thumbnail{width:48px;height:48px;object-fit:cover;border:1px solid var(--line);image-rendering:pixelated}
        .frame-name{font-weight:600;word-break:break-all}
        .viewer .controls{display:flex;flex-wrap:wrap;gap:12px;align-items:center;margin:6px 0}
        .pan{max-width:100%;overflow:hidden;display:inline-block;vertical-align:top}
        .viewer.natural .pan{overflow:auto;max-width:600px;max-height:420px}
        .overlay{position:relative;display:inline-block;line-height:0}
        .overlay img{display:block;max-width:420px;image-rendering:pixelated}
        .overlay img.actual{position:absolute;left:0;top:0;width:100%;height:100%}
        .divider{position:absolute;top:0;bottom:0;width:2px;margin-left:-1px;background:#ffd33d;left:50%;pointer-events:none}
        .panes{display:flex;gap:8px;flex-wrap:wrap;margin-top:8px}.panes img{display:block;max-width:260px;image-rendering:pixelated}
        .viewer.natural img{max-width:none}
        @media print{.frame-card:not([open]) .frame-body{display:none}.viewer .controls{display:none}}
        """
}
