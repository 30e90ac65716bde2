import { useNonce } from "./nonce";

/**
 * The submission page's only JavaScript (issue 15), inline and nonce'd: the
 * page itself never hydrates. Without it every form still posts as usual.
 * - A live word count under each textarea with `data-words` (the server counts again and decides).
 * - Upload forms (`data-upload`) are sent with XMLHttpRequest to show a
 *   progress bar; a file over the limit is refused before it is sent, with
 *   the server's own message (`data-too-large`). The answer page's <main>
 *   and toasts replace the current ones, as a normal post would.
 */
const script = `(()=>{
const count=t=>{const s=t.trim();return s?s.split(/\\s+/u).length:0};
const show=a=>{const o=document.getElementById(a.dataset.words);if(o)o.textContent=count(a.value)+" words"};
document.querySelectorAll("textarea[data-words]").forEach(show);
document.addEventListener("input",e=>{const t=e.target;if(t instanceof HTMLTextAreaElement&&t.dataset.words)show(t)});
document.addEventListener("submit",e=>{const f=e.target;if(!(f instanceof HTMLFormElement)||!f.hasAttribute("data-upload")||!window.FormData)return;
const i=f.querySelector("input[type=file]"),p=f.querySelector("progress"),m=f.querySelector("[data-upload-status]");
const say=t=>{if(m)m.textContent=t};
if(i&&i.files&&i.files[0]&&i.files[0].size>Number(f.dataset.maxBytes)){e.preventDefault();say(f.dataset.tooLarge);return}
e.preventDefault();const x=new XMLHttpRequest();x.open("POST",f.action);x.responseType="document";
const b=f.querySelector("button[type=submit]");if(b){b.disabled=true;b.textContent="Uploading..."}
if(p){p.hidden=false;p.value=0}
x.upload.onprogress=v=>{if(v.lengthComputable&&p){p.max=v.total;p.value=v.loaded;say("Uploading: "+Math.round(100*v.loaded/v.total)+"%")}};
x.onload=()=>{const d=x.response,n=d&&d.querySelector("main"),o=document.querySelector("main");
if(!n||!o){location.assign(x.responseURL||location.href);return}
o.replaceWith(n);const tr=d.querySelector("[data-toast-region]"),ts=document.querySelector("[data-toast-region]");if(tr&&ts)ts.replaceWith(tr);
if(x.responseURL)history.replaceState(null,"",x.responseURL);document.querySelectorAll("textarea[data-words]").forEach(show);
const a=document.querySelector("[role=alert]")||document.querySelector("main h1");if(a){a.setAttribute("tabindex","-1");a.focus()}};
x.onerror=()=>{if(b){b.disabled=false;b.textContent="Upload"}say("The upload didn't finish. Please check your connection and try again.")};
x.send(new FormData(f))});
})();`;

export function PortalEnhancements() {
  const nonce = useNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />;
}
