import Foundation

/// Hover read-out of line charts: the chart carries its plot box and axis ranges in a `data-readout` attribute;
/// the script reads the drawn lines back from their paths, draws a cursor line and writes x and each line's value
/// there (interpolated along the drawn line: within 0.25 px + 0.05 px of the data) into the chart's read-out text
/// as the pointer moves over the plot; the chart takes keyboard focus, and the
/// arrow keys (Home, End) move the same cursor.
enum ChartReadout {
    /// The attribute value: the plot box (viewBox units) and its axis ranges. The lines themselves are read from
    /// the chart's `path.line` elements (what is drawn is what is read out: no second copy of the data).
    static func attribute(left: Double, top: Double, width: Double, height: Double, x: (Double, Double), y: (Double, Double)) -> String {
        func number(_ v: Double) -> String { String(format: "%.9g", v) }
        return "{\"l\":\(number(left)),\"t\":\(number(top)),\"w\":\(number(width)),\"h\":\(number(height)),\"x0\":\(number(x.0)),\"x1\":\(number(x.1)),\"y0\":\(number(y.0)),\"y1\":\(number(y.1))}"
    }

    /// `window.parallaxReadout(svg)` wires one chart (once); every chart in the page is wired at load, and the charts
    /// of a folded section (`template.deferred-charts`) are put into the page and wired when their fold opens.
    static let script = """
        window.parallaxReadout=function(svg){if(svg.getAttribute('data-readout-ready'))return;svg.setAttribute('data-readout-ready','1');
          var d=JSON.parse(svg.getAttribute('data-readout')),cursor=svg.querySelector('.cursor'),out=svg.querySelector('.readout');
          var lines=[];svg.querySelectorAll('path.line').forEach(function(p){
            var v=(p.getAttribute('d').match(/-?(?:\\d+\\.?\\d*|\\.\\d+)/g)||[]).map(Number),pts=[],x=0,y=0;
            for(var i=0;i+1<v.length;i+=2){if(i===0){x=v[0];y=v[1];}else{x+=v[i];y+=v[i+1];}pts.push([x,y]);}
            lines.push({n:p.getAttribute('data-name'),p:pts});});
          function f(v){return Math.abs(v)>=1e5||(v!==0&&Math.abs(v)<1e-3)?v.toExponential(2):Number(v.toPrecision(4)).toString();}
          function hide(){cursor.style.display='none';out.textContent='';}
          function at(pts,px){for(var i=1;i<pts.length;i++){var a=pts[i-1],b=pts[i];if(px>=a[0]&&px<=b[0]){
            return b[0]===a[0]?b[1]:a[1]+(b[1]-a[1])*(px-a[0])/(b[0]-a[0]);}}return null;}
          var where=d.l+d.w/2;
          function show(px){where=px;var parts=['x '+f(d.x0+(px-d.l)/d.w*(d.x1-d.x0))];
            lines.forEach(function(s){var sy=at(s.p,px);if(sy!==null)parts.push(s.n+' '+f(d.y0+(d.t+d.h-sy)/d.h*(d.y1-d.y0)));});
            cursor.setAttribute('x1',px);cursor.setAttribute('x2',px);cursor.style.display='';out.textContent=parts.join(' · ');}
          svg.addEventListener('mousemove',function(e){
            var r=svg.getBoundingClientRect(),vb=svg.viewBox.baseVal,px=(e.clientX-r.left)/r.width*vb.width;
            if(px<d.l||px>d.l+d.w){hide();return;}show(px);});
          svg.addEventListener('mouseleave',hide);
          svg.addEventListener('focus',function(){show(where);});svg.addEventListener('blur',hide);
          svg.addEventListener('keydown',function(e){var step=d.w/50;
            if(e.key==='ArrowRight'){show(Math.min(d.l+d.w,where+step));e.preventDefault();}
            else if(e.key==='ArrowLeft'){show(Math.max(d.l,where-step));e.preventDefault();}
            else if(e.key==='Home'){show(d.l);e.preventDefault();}else if(e.key==='End'){show(d.l+d.w);e.preventDefault();}});
        };
        document.querySelectorAll('svg.chart[data-readout]').forEach(window.parallaxReadout);
        (function(){function place(d){d.querySelectorAll('template.deferred-charts').forEach(function(t){
            var charts=t.content.cloneNode(true),wired=charts.querySelectorAll('svg.chart[data-readout]');
            t.parentNode.replaceChild(charts,t);wired.forEach(window.parallaxReadout);});}
          document.querySelectorAll('details').forEach(function(d){if(!d.querySelector('template.deferred-charts'))return;
            if(d.open)place(d);d.addEventListener('toggle',function(){if(d.open)place(d);});});})();
        """
}
