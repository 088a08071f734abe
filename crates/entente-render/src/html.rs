//! A game's history as one self-contained HTML page.
//!
//! [`Renderer::history_html`] draws the base map (outlines, water, labels) once and every
//! phase as two layers over it (the centres' owners under the labels; units, orders and marks
//! over them), so a 30-year game is a few megabytes, not one full map per phase. The page opens
//! at the latest phase, follows `#N` (also when it changes), zooms (wheel, pinch, buttons) and
//! pans (drag), and lists each phase's orders and results beside the map (under it on a phone).
//!
//! [`history_html`] is the older form: one whole SVG per phase, as given.

use crate::i18n::{word, Word};
use crate::svg::{esc, PhaseMarks, Renderer};
use crate::{DislodgedUnit, ResolvedOrder};
use entente_judge::Position;
use std::fmt::Write;

/// One picture of the history: its caption and its SVG document.
pub struct Frame {
    pub caption: String,
    pub svg: String,
}

/// One phase of a history page: its caption, the position it started from, its orders with
/// their outcomes (None: a position only), the units dislodged.
pub struct Step<'a> {
    pub caption: String,
    pub pos: &'a Position,
    pub orders: Option<&'a [ResolvedOrder]>,
    pub dislodged: &'a [DislodgedUnit],
}

/// Separates the layers (three a phase) in the page's layer script (`split` in the page's script).
pub const LAYER_SEP: &str = "<!--|-->";

const PAGE_STYLE: &str = r#"*{box-sizing:border-box}
body{margin:0;font-family:system-ui,sans-serif;background:#f3efe6;color:#262626}
header{display:flex;flex-wrap:wrap;gap:.35em;align-items:center;padding:.35em .5em;background:#fffdf7;border-bottom:1px solid #c9c0ae;position:sticky;top:0;z-index:1}
header h1{font-size:1em;margin:0 .5em 0 0}
button{font-size:.95em;padding:.25em .6em;min-height:2.1em}
#caption{font-weight:bold}
#count{color:#6d6458}
main{display:flex;flex-wrap:wrap;gap:.5em;padding:.5em}
#map{flex:1 1 620px;min-width:0;overflow:hidden;touch-action:none;border:1px solid #c9c0ae;cursor:grab}
#map svg{display:block;width:100%;height:auto;max-height:calc(100vh - 5em)}
aside{flex:1 1 250px;min-width:0;font-size:.9em}
aside h2{font-size:1em;margin:.2em 0}
ol.res{list-style:none;margin:0;padding:0}
ol.res li{padding:.1em 0;border-bottom:1px solid #e4ddcd}
ol.res i{display:inline-block;width:.8em;height:.8em;border:1px solid #262626;margin-right:.4em}
ol.res svg{width:1em;height:1em;vertical-align:-.15em;margin-right:.2em}
ol.res .why{color:#6d6458}
@media(max-width:600px){header h1{flex:1 1 100%}#map svg{max-height:none}}
"#;

const PAGE_SCRIPT: &str = r#"(function(){
var L=document.getElementById('layers').textContent.split('<!--|-->'),n=Math.floor(L.length/3),i=-1;
var lo=document.getElementById('lo'),lt=document.getElementById('lt'),res=document.getElementById('res');
var svg=document.querySelector('#map svg'),W=+svg.getAttribute('width'),H=+svg.getAttribute('height'),vb=[0,0,W,H];
function setvb(){svg.setAttribute('viewBox',vb.map(function(v){return v.toFixed(1);}).join(' '));}
function clamp(){vb[0]=Math.max(0,Math.min(W-vb[2],vb[0]));vb[1]=Math.max(0,Math.min(H-vb[3],vb[1]));}
function zoom(f,cx,cy){var w=Math.min(W,Math.max(W/10,vb[2]/f));f=vb[2]/w;vb=[cx-(cx-vb[0])/f,cy-(cy-vb[1])/f,w,w*H/W];clamp();setvb();}
function pt(x,y){var r=svg.getBoundingClientRect();return[vb[0]+(x-r.left)/r.width*vb[2],vb[1]+(y-r.top)/r.height*vb[3]];}
function show(k){
  if(!n)return;
  k=Math.max(0,Math.min(n-1,k));
  i=k;lo.innerHTML=L[3*i];lt.innerHTML=L[3*i+1];lt.setAttribute('data-phase',i);res.innerHTML=L[3*i+2];
  var f=res.firstElementChild;
  document.getElementById('caption').textContent=f?f.getAttribute('data-caption'):'';
  document.getElementById('count').textContent=(i+1)+' / '+n;
  document.getElementById('prev').disabled=i===0;
  document.getElementById('next').disabled=i===n-1;
  if(location.hash!=='#'+(i+1))history.replaceState(null,'','#'+(i+1));
}
function fromHash(){var h=parseInt(location.hash.slice(1),10);show(isNaN(h)?n-1:h-1);}
document.getElementById('prev').onclick=function(){show(i-1);};
document.getElementById('next').onclick=function(){show(i+1);};
document.getElementById('zin').onclick=function(){zoom(1.5,vb[0]+vb[2]/2,vb[1]+vb[3]/2);};
document.getElementById('zout').onclick=function(){zoom(1/1.5,vb[0]+vb[2]/2,vb[1]+vb[3]/2);};
document.getElementById('fit').onclick=function(){vb=[0,0,W,H];setvb();};
document.addEventListener('keydown',function(e){
  if(e.key==='ArrowLeft')show(i-1);
  if(e.key==='ArrowRight')show(i+1);
});
window.addEventListener('hashchange',fromHash);
svg.addEventListener('wheel',function(e){e.preventDefault();var p=pt(e.clientX,e.clientY);zoom(e.deltaY<0?1.25:0.8,p[0],p[1]);},{passive:false});
var ptrs={},dist0=0;
function pair(){var k=Object.keys(ptrs);return k.length===2?[ptrs[k[0]],ptrs[k[1]]]:null;}
svg.addEventListener('pointerdown',function(e){svg.setPointerCapture(e.pointerId);ptrs[e.pointerId]={x:e.clientX,y:e.clientY};var p=pair();if(p)dist0=Math.hypot(p[0].x-p[1].x,p[0].y-p[1].y);});
svg.addEventListener('pointermove',function(e){
  var q=ptrs[e.pointerId];if(!q)return;
  var r=svg.getBoundingClientRect(),p=pair();
  if(p){q.x=e.clientX;q.y=e.clientY;var d=Math.hypot(p[0].x-p[1].x,p[0].y-p[1].y);if(dist0>0){var c=pt((p[0].x+p[1].x)/2,(p[0].y+p[1].y)/2);zoom(d/dist0,c[0],c[1]);}dist0=d;return;}
  vb[0]-=(e.clientX-q.x)/r.width*vb[2];vb[1]-=(e.clientY-q.y)/r.height*vb[3];q.x=e.clientX;q.y=e.clientY;clamp();setvb();
});
function up(e){delete ptrs[e.pointerId];dist0=0;}
svg.addEventListener('pointerup',up);svg.addEventListener('pointercancel',up);
fromHash();
})();
"#;

impl Renderer<'_> {
    /// A game's history as one HTML page: one base map, every phase a layer over it, the
    /// results of each phase listed beside it. Captions are translated like titles.
    pub fn history_html(&self, title: &str, steps: &[Step]) -> String {
        let lang = self.lang().to_string();
        let l = &self.layout;
        let mut svg = String::with_capacity(400 * 1024 + steps.len() * 12 * 1024);
        let _ = write!(
            svg,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Verdana, Arial, sans-serif" data-variant="{v}" data-lang="{lang}">"#,
            w = l.width,
            h = l.height,
            v = esc(&self.map.name),
        );
        svg.push_str(crate::svg::STYLE);
        svg.push_str("</style>");
        self.defs(&mut svg, true);
        self.background(&mut svg);
        self.provinces(&mut svg, None);
        // Each phase's layers are kept as text and put in when the phase is shown: the
        // browser parses one phase's elements on opening, not a whole game's.
        let mut layers: Vec<[String; 3]> = Vec::with_capacity(steps.len());
        svg.push_str(r#"<g id="lo"></g>"#);
        self.overlays(&mut svg);
        self.labels(&mut svg);
        svg.push_str(r#"<g id="lt"></g>"#);
        for (i, st) in steps.iter().enumerate() {
            let mut aside = String::new();
            let mut under = String::new();
            self.owned_fills(&mut under, st.pos);
            let caption = self.title(&st.caption);
            let m = PhaseMarks {
                pos: st.pos,
                orders: st.orders,
                dislodged: st.dislodged,
                lean: true,
                homes: &[],
            };
            let mut top = String::new();
            self.phase_top(&mut top, &m, &caption);
            let _ = write!(
                aside,
                r#"<section class="frame" id="f{i}" data-caption="{c}"><h2>{}</h2><ol class="res">"#,
                esc(word(Word::Results, &lang)),
                c = esc(&caption)
            );
            let lines = self.results(&m);
            if lines.is_empty() {
                let _ = write!(aside, "<li>{}</li>", esc(word(Word::NoOrders, &lang)));
            }
            for (power, text, kind, reason) in lines {
                let _ = write!(
                    aside,
                    r#"<li><i style="background:{}"></i>"#,
                    self.map.power(power).colour
                );
                if let Some(k) = kind {
                    let _ = write!(
                        aside,
                        r##"<svg viewBox="-8 -8 16 16"><use href="#m-{}"/></svg>"##,
                        k.id()
                    );
                }
                let _ = write!(
                    aside,
                    r#"{} <span class="why">{}</span></li>"#,
                    esc(&text),
                    esc(&reason)
                );
            }
            aside.push_str("</ol></section>");
            layers.push([under, top, aside]);
        }
        svg.push_str("</svg>");

        let mut s = String::with_capacity(svg.len() + steps.len() * 16 * 1024);
        let _ = write!(
            s,
            r#"<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{t}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>{PAGE_STYLE}</style></head><body>
<header><h1>{t}</h1><button id="prev" title="←">{prev}</button><span id="caption"></span><button id="next" title="→">{next}</button><span id="count"></span><button id="zin" title="{zin}" aria-label="{zin}">+</button><button id="zout" title="{zout}" aria-label="{zout}">−</button><button id="fit">{fit}</button></header>
<main><div id="map">"#,
            t = esc(title),
            prev = word(Word::Previous, &lang),
            next = word(Word::Next, &lang),
            zin = word(Word::ZoomIn, &lang),
            zout = word(Word::ZoomOut, &lang),
            fit = word(Word::Fit, &lang),
        );
        s.push_str(&svg);
        s.push_str("</div><aside id=\"res\"></aside></main>\n");
        // The layers as raw text, three a phase (centre owners, the top layer, the results
        // list), separated by a comment no layer can hold (every text in a layer is escaped,
        // so no `<` of a name or order can start one, nor end the script).
        s.push_str("<script type=\"text/x-entente-layers\" id=\"layers\">");
        for (i, layer) in layers.iter().enumerate() {
            for (k, part) in layer.iter().enumerate() {
                if i > 0 || k > 0 {
                    s.push_str(LAYER_SEP);
                }
                s.push_str(part);
            }
        }
        s.push_str("</script>\n<script>\n");
        s.push_str(PAGE_SCRIPT);
        s.push_str("</script>\n</body></html>\n");
        s
    }
}

/// The older history page: every phase's SVG inline as given, shown one at a time with
/// previous/next buttons (and the arrow keys); opens at the latest phase and follows `#N`.
/// [`Renderer::history_html`] makes a far smaller page.
pub fn history_html(title: &str, frames: &[Frame]) -> String {
    let mut s =
        String::with_capacity(frames.iter().map(|f| f.svg.len() + 200).sum::<usize>() + 4096);
    let _ = write!(
        s,
        r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{t}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{{margin:0;font-family:system-ui,sans-serif;background:#f3efe6;color:#262626}}
header{{display:flex;flex-wrap:wrap;gap:.6em;align-items:center;padding:.5em 1em;background:#fffdf7;border-bottom:1px solid #c9c0ae;position:sticky;top:0}}
header h1{{font-size:1.05em;margin:0 1em 0 0}}
button{{font-size:1em;padding:.25em .9em}}
#caption{{font-weight:bold}}
.frame{{display:none;padding:.5em}}
.frame.on{{display:block}}
.frame svg{{width:100%;height:auto}}
</style></head><body>
<header><h1>{t}</h1><button id="prev" title="previous phase (←)">◀ previous</button><span id="caption"></span><button id="next" title="next phase (→)">next ▶</button><span id="count"></span></header>
"#,
        t = esc(title)
    );
    for (i, f) in frames.iter().enumerate() {
        let _ = write!(
            s,
            r#"<section class="frame" id="f{i}" data-caption="{}">"#,
            esc(&f.caption)
        );
        // The SVG documents are inlined as they are (minus any XML declaration).
        s.push_str(f.svg.trim_start_matches(|c: char| c.is_whitespace()));
        s.push_str("</section>\n");
    }
    s.push_str(
        r#"<script>
(function(){
  var frames=document.querySelectorAll('.frame'), i=0;
  function show(k){
    if(!frames.length) return;
    i=Math.max(0,Math.min(frames.length-1,k));
    frames.forEach(function(f,j){f.classList.toggle('on',j===i);});
    document.getElementById('caption').textContent=frames[i].dataset.caption;
    document.getElementById('count').textContent=(i+1)+' / '+frames.length;
    document.getElementById('prev').disabled=i===0;
    document.getElementById('next').disabled=i===frames.length-1;
    if(location.hash!=='#'+(i+1)) history.replaceState(null,'','#'+(i+1));
  }
  function fromHash(){var h=parseInt(location.hash.slice(1),10);show(isNaN(h)?frames.length-1:h-1);}
  document.getElementById('prev').onclick=function(){show(i-1);};
  document.getElementById('next').onclick=function(){show(i+1);};
  document.addEventListener('keydown',function(e){
    if(e.key==='ArrowLeft') show(i-1);
    if(e.key==='ArrowRight') show(i+1);
  });
  window.addEventListener('hashchange',fromHash);
  fromHash();
})();
</script>
</body></html>
"#,
    );
    s
}
