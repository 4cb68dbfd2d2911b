import Foundation
import Reporting

/// The interactive tuning view as a report section (tune.html and the suite report): a slider per swept
/// parameter and for movementScale, four charts of the chosen grid point over time (head x and y: reference,
/// measured, smoothed; on-screen error; swim), each beside the app default's, and the metrics table of the
/// point beside the app default's. Everything comes from the embedded `TuneViewData` JSON; the inline script
/// only picks arrays and draws them, so the page stays static and opens from disk.
package enum TuneViewSection {
    package static let id = "tune-view"

    package static func section(_ view: TuneViewData) throws -> ReportPage.Section {
        var controls: [Node] = []
        for (a, name) in view.parameters.enumerated() {
            controls.append(slider(label: name, axis: "\(a)", count: view.values[a].count, value: view.start.values[a]))
        }
        controls.append(slider(label: "movementScale", axis: "scale", count: view.scales.count, value: view.start.scale))
        if view.recommended != nil {
            controls.append(HTML.el("button", ["type": "button", "class": "tv-jump", "data-target": "recommended"], .text("recommended")))
        }
        if view.appSelection != nil {
            controls.append(HTML.el("button", ["type": "button", "class": "tv-jump", "data-target": "app"], .text("app default")))
        }
        let charts: [Node] = [
            ("x", "head x (mm)"), ("y", "head y (mm)"), ("error", "on-screen error, worst point (px)"), ("swim", "swim, worst point (°/s at the true eye)"),
        ].map { chart, title in
            .trusted("<div class=\"chart-wrap\"><svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart tv-chart\" data-chart=\"\(chart)\" data-title=\"\(HTML.escape(title))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(HTML.escape(title))\"></svg></div>")
        }
        let rows: [Node] = view.metricNames.enumerated().map { m, name in
            HTML.el("tr", ["data-metric": name], HTML.el("td", .text(name)), HTML.el("td", ["class": "num tv-selected"], .text("")),
                    HTML.el("td", ["class": "num tv-app"], .text(view.appMetrics[m].map { String(format: "%.4g", $0) } ?? "n/a")))
        }
        let table = HTML.el("table", ["class": "tv-metrics"],
                            HTML.el("thead", HTML.el("tr", HTML.el("th", .text("metric")), HTML.el("th", ["class": "tv-selected-head"], .text("selected")),
                                                     HTML.el("th", .text("app default: \(view.appSmoother), s = \(view.appMovementScale)")))),
                            HTML.el("tbody", children: rows))
        let content: [Node] = [
            .trusted("<style>\(stylesheet)</style>"),
            .trusted("<script type=\"application/json\" id=\"tune-view-data\">\(try view.json())</script>"),
            HTML.el("div", ["class": "tv-controls"], children: controls),
            HTML.el("p", ["class": "muted tv-shown"], .text("")),
            HTML.el("div", ["class": "tv-charts"], children: charts),
            HTML.el("div", ["class": "table-wrap"], table),
            HTML.el("p", ["class": "muted"], .text("Metrics are the tuner's, pooled over every tuned trace, at exactly the selected grid point; the charts are one trace's window (the app default dashed). Everything is precomputed; the page only picks it.")),
            HTML.el("ul", ["class": "muted"], children: view.notes.map { HTML.el("li", .text($0)) }),
            .trusted("<script>\(script)</script>"),
        ]
        return ReportPage.Section(id: id, title: "Tuning: interactive view",
                                  content: [HTML.el("div", ["id": "tune-view-root", "class": "tune-view"], children: content)])
    }

    /// The section when the view cannot be computed (e.g. `merge` without the trace files): says why.
    package static func unavailable(_ reason: String) -> ReportPage.Section {
        ReportPage.Section(id: id, title: "Tuning: interactive view",
                           content: [HTML.el("p", ["class": "muted"], .text("No interactive view: \(reason)"))])
    }

    static func slider(label: String, axis: String, count: Int, value: Int) -> Node {
        HTML.el("label", ["class": "tv-control"], .text(label + " "),
                HTML.el("input", ["type": "range", "class": "tv-axis", "data-axis": axis, "min": "0", "max": "\(max(0, count - 1))",
                                  "step": "1", "value": "\(value)"]),
                HTML.el("output", ["class": "tv-value", "data-axis": axis], .text("")))
    }

    static let width = 600.0, height = 240.0

    static let stylesheet = """
        .tv-controls{display:flex;flex-wrap:wrap;gap:8px 20px;align-items:center;margin:8px 0}.tv-control input{width:260px;max-width:100%;vertical-align:middle}
        .tv-value{display:inline-block;min-width:3.5em;font-variant-numeric:tabular-nums;font-weight:600}
        .tv-charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(420px,100%),1fr));gap:8px 16px;max-width:1240px}.tv-chart{max-width:600px}
        """

    /// Reads the slider indices, picks the table row and the nearest series point, draws four charts (SVG paths in
    /// plot coordinates; the svg carries its axis ranges as data-x0/x1/y0/y1 so a test can read values back).
    static let script = """
        (function(){
          var root=document.getElementById('tune-view-root');if(!root)return;
          var d=JSON.parse(document.getElementById('tune-view-data').textContent);
          var L=56,T=40,W=\(Int(width)) - 56 - 12,H=\(Int(height)) - 40 - 36,NS='http://www.w3.org/2000/svg';
          var sel={v:d.start.values.slice(),k:d.start.scale};
          function fmt(v){return v===null||v===undefined?'n/a':String(Number(v.toPrecision(4)));}
          function flat(idx,sizes){var c=0;for(var a=0;a<sizes.length;a++)c=c*sizes[a]+idx[a];return c;}
          function el(tag,attrs,text){var e=document.createElementNS(NS,tag);for(var k in attrs)e.setAttribute(k,attrs[k]);if(text!==undefined)e.textContent=text;return e;}
          function ticks(lo,hi){var raw=(hi-lo)/5,m=Math.pow(10,Math.floor(Math.log10(raw))),step=[1,2,5,10].map(function(f){return f*m;}).filter(function(s){return s>=raw;})[0],out=[];
            for(var k=Math.ceil(lo/step-1e-9);k*step<=hi+step*1e-9;k++)out.push(k*step);return out;}
          function draw(svg,lines){
            while(svg.firstChild)svg.removeChild(svg.firstChild);
            var t=d.trace.t,x0=t[0],x1=t[t.length-1],y0=Infinity,y1=-Infinity;
            lines.forEach(function(l){l.y.forEach(function(v){if(v!==null){y0=Math.min(y0,v);y1=Math.max(y1,v);}});});
            if(!(y1>y0)){y0=(isFinite(y0)?y0:0)-0.5;y1=y0+1;}var pad=(y1-y0)*0.05;y0-=pad;y1+=pad;if(!(x1>x0))x1=x0+1;
            function sx(v){return L+(v-x0)/(x1-x0)*W;}function sy(v){return T+(1-(v-y0)/(y1-y0))*H;}
            ['x0','x1','y0','y1'].forEach(function(k,i){svg.setAttribute('data-'+k,[x0,x1,y0,y1][i]);});
            svg.setAttribute('data-plot',[L,T,W,H].join(','));
            svg.appendChild(el('text',{x:L,y:16,'class':'chart-title'},svg.getAttribute('data-title')));
            svg.appendChild(el('rect',{x:L,y:T,width:W,height:H,fill:'none',stroke:'#999'}));
            ticks(x0,x1).forEach(function(v){svg.appendChild(el('line',{x1:sx(v),x2:sx(v),y1:T,y2:T+H,stroke:'#eee'}));
              svg.appendChild(el('text',{x:sx(v),y:T+H+14,'text-anchor':'middle','class':'tick'},fmt(v)));});
            ticks(y0,y1).forEach(function(v){svg.appendChild(el('line',{x1:L,x2:L+W,y1:sy(v),y2:sy(v),stroke:'#eee'}));
              svg.appendChild(el('text',{x:L-4,y:sy(v)+4,'text-anchor':'end','class':'tick'},fmt(v)));});
            svg.appendChild(el('text',{x:L+W/2,y:\(Int(height))-6,'text-anchor':'middle','class':'axis-label'},'time (s)'));
            var lx=L+8;
            lines.forEach(function(l){var p='',pen='M';
              l.y.forEach(function(v,i){if(v===null){pen='M';return;}p+=pen+sx(t[i]).toFixed(2)+' '+sy(v).toFixed(2);pen='L';});
              var a={'class':'tv-line','data-name':l.name,d:p,fill:'none',stroke:l.color,'stroke-width':1.4};if(l.dash)a['stroke-dasharray']='5 3';
              svg.appendChild(el('path',a));
              svg.appendChild(el('rect',{x:lx,y:21,width:10,height:10,fill:l.color}));
              svg.appendChild(el('text',{x:lx+14,y:30,'class':'legend'},l.label));lx+=24+l.label.length*6.5;});
          }
          function render(){
            root.querySelectorAll('output.tv-value').forEach(function(o){var a=o.getAttribute('data-axis');
              o.textContent=a==='scale'?fmt(d.scales[sel.k]):fmt(d.values[+a][sel.v[+a]]);});
            var row=d.metrics[flat(sel.v,d.values.map(function(v){return v.length;}))][sel.k];
            root.querySelectorAll('table.tv-metrics tbody tr').forEach(function(tr,m){tr.querySelector('.tv-selected').textContent=fmt(row[m]);});
            var sv=sel.v.map(function(i,a){return d.series.nearest[a][i];}),sk=d.series.nearest_scale[sel.k];
            var pt=d.series.points[flat(sv,d.series.values.map(function(v){return v.length;}))],app=d.app_series;
            var name=d.parameters.map(function(p,a){return p+' = '+fmt(d.series.values[a][sv[a]]);}).concat(['s = '+fmt(d.series.scales[sk])]).join(', ');
            var exact=sel.v.every(function(i,a){return d.series.values[a][sv[a]]===d.values[a][i];})&&d.series.scales[sk]===d.scales[sel.k];
            root.querySelector('.tv-shown').textContent='Charts: '+d.trace.name+' at '+name+(exact?'':' (the nearest point of the series grid; the table is exact)')+'; dashed: the app default ('+d.app_smoother+', s = '+fmt(d.app_movement_scale)+').';
            root.querySelector('.tv-selected-head').textContent='selected: '+d.parameters.map(function(p,a){return p+' = '+fmt(d.values[a][sel.v[a]]);}).concat(['s = '+fmt(d.scales[sel.k])]).join(', ');
            var ref=d.trace.reference;
            [['x','reference_x','measured_x','smoothed_x'],['y','reference_y','measured_y','smoothed_y']].forEach(function(c){
              draw(root.querySelector('svg[data-chart='+c[0]+']'),[
                {name:'measured',label:'measured',color:'#b0b0b0',y:d.trace[c[2]]},
                {name:'reference',label:ref,color:'#000000',y:d.trace[c[1]]},
                {name:'app',label:'app default',color:'#ff7f0e',dash:true,y:app[c[3]]},
                {name:'selected',label:'smoothed',color:'#1f77b4',y:pt[c[3]]}]);});
            [['error','error_px'],['swim','swim_deg_s']].forEach(function(c){
              draw(root.querySelector('svg[data-chart='+c[0]+']'),[
                {name:'app',label:'app default',color:'#ff7f0e',dash:true,y:app[c[1]][0]},
                {name:'selected',label:'selected',color:'#1f77b4',y:pt[c[1]][sk]}]);});
            root.querySelectorAll('input.tv-axis').forEach(function(i){var o=root.querySelector('output.tv-value[data-axis="'+i.getAttribute('data-axis')+'"]');
              if(o)i.setAttribute('aria-valuetext',o.textContent);});
            root.setAttribute('data-selection',JSON.stringify(sel));
          }
          root.querySelectorAll('input.tv-axis').forEach(function(input){input.addEventListener('input',function(){
            var a=input.getAttribute('data-axis');if(a==='scale')sel.k=+input.value;else sel.v[+a]=+input.value;render();});});
          root.querySelectorAll('button.tv-jump').forEach(function(b){b.addEventListener('click',function(){
            var s=b.getAttribute('data-target')==='app'?d.app_selection:d.recommended;sel={v:s.values.slice(),k:s.scale};
            root.querySelectorAll('input.tv-axis').forEach(function(input){var a=input.getAttribute('data-axis');input.value=a==='scale'?sel.k:sel.v[+a];});render();});});
          render();
        })();
        """
}
