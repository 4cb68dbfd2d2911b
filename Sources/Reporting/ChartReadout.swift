import Foundation

/// Hover read-out of line charts: the chart carries its line series (at most `maxPoints` each) in a
/// `data-readout` attribute; the script draws a cursor line and writes x and each series' nearest value
/// into the chart's read-out text as the pointer moves over the plot; the chart takes keyboard focus, and the
/// arrow keys (Home, End) move the same cursor.
enum ChartReadout {
    static let maxPoints = 80

    /// The attribute value: plot box (viewBox units), x range, and the series' points.
    static func attribute(left: Double, width: Double, xMin: Double, xMax: Double, series: [SVGChart.Series]) -> String {
        func number(_ v: Double) -> String { String(format: "%.5g", v) }
        let lines = series.filter { $0.style == .line || $0.style == .dashed }.map { s -> String in
            let points = s.points.filter { $0.x.isFinite && $0.y.isFinite }
            let stride = max(1, (points.count + maxPoints - 1) / maxPoints)
            let kept = Swift.stride(from: 0, to: points.count, by: stride).map { "[\(number(points[$0].x)),\(number(points[$0].y))]" }
            return "{\"n\":\(jsonString(s.name.isEmpty ? "y" : s.name)),\"p\":[\(kept.joined(separator: ","))]}"
        }
        return "{\"l\":\(number(left)),\"w\":\(number(width)),\"x0\":\(number(xMin)),\"x1\":\(number(xMax)),\"s\":[\(lines.joined(separator: ","))]}"
    }

    static func jsonString(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static let script = """
        document.querySelectorAll('svg.chart[data-readout]').forEach(function(svg){
          var d=JSON.parse(svg.getAttribute('data-readout')),cursor=svg.querySelector('.cursor'),out=svg.querySelector('.readout');
          function f(v){return Math.abs(v)>=1e5||(v!==0&&Math.abs(v)<1e-3)?v.toExponential(2):Number(v.toPrecision(4)).toString();}
          function hide(){cursor.style.display='none';out.textContent='';}
          var at=d.l+d.w/2;
          function show(px){at=px;var x=d.x0+(px-d.l)/d.w*(d.x1-d.x0),parts=['x '+f(x)];
            d.s.forEach(function(s){var best=null;s.p.forEach(function(p){if(!best||Math.abs(p[0]-x)<Math.abs(best[0]-x))best=p;});
              if(best)parts.push(s.n+' '+f(best[1]));});
            cursor.setAttribute('x1',px);cursor.setAttribute('x2',px);cursor.style.display='';out.textContent=parts.join(' · ');
            svg.setAttribute('aria-valuetext',parts.join(', '));}
          svg.addEventListener('mousemove',function(e){
            var r=svg.getBoundingClientRect(),vb=svg.viewBox.baseVal,px=(e.clientX-r.left)/r.width*vb.width;
            if(px<d.l||px>d.l+d.w){hide();return;}show(px);});
          svg.addEventListener('mouseleave',hide);
          svg.addEventListener('focus',function(){show(at);});svg.addEventListener('blur',hide);
          svg.addEventListener('keydown',function(e){var step=d.w/50;
            if(e.key==='ArrowRight'){show(Math.min(d.l+d.w,at+step));e.preventDefault();}
            else if(e.key==='ArrowLeft'){show(Math.max(d.l,at-step));e.preventDefault();}
            else if(e.key==='Home'){show(d.l);e.preventDefault();}else if(e.key==='End'){show(d.l+d.w);e.preventDefault();}});
        });
        """
}
