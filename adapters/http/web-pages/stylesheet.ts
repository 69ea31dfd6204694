/** The one small stylesheet of every web page (`/web.css`). */
export const STYLESHEET = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#222;background:#fafafa}
header{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between;padding:.75rem 1.5rem;background:#222;color:#eee}
header a{color:#eee}.brand{font-weight:bold;text-decoration:none}nav{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center}
main{max-width:52rem;margin:2rem auto;padding:0 1.5rem;overflow-wrap:anywhere}form{margin:1rem 0}label{display:block;margin:.5rem 0}
input{display:block;margin-top:.25rem;padding:.4rem;width:100%;max-width:24rem;font:inherit;box-sizing:border-box}
textarea,select{max-width:100%;box-sizing:border-box;font:inherit}
button{padding:.45rem 1rem;font:inherit;cursor:pointer;background:#1d5fbf;color:#fff;border:0;border-radius:4px}
button.secondary{background:#777}form.inline{display:inline;margin:0}table{border-collapse:collapse;width:100%;display:block;overflow-x:auto}
td,th,button{overflow-wrap:break-word}td,th{text-align:left;vertical-align:top;padding:.35rem .5rem;border-bottom:1px solid #ddd}.error{color:#a00}.notice{color:#060}
.secret{font-family:monospace;font-size:1.1rem;background:#fff;border:1px solid #ccc;padding:.5rem;word-break:break-all}
.small{font-size:.85rem;color:#666}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fff;border:1px solid #ddd;padding:.5rem}
.skip{position:absolute;left:-999px}.skip:focus{left:.5rem;top:.5rem;background:#fff;color:#000;padding:.25rem .5rem}
form.search{display:flex;gap:.25rem;margin:0;flex:1 1 12rem;max-width:28rem}form.search input{margin:0;max-width:none;min-width:0}
footer{max-width:52rem;margin:2rem auto;padding:1rem 1.5rem;border-top:1px solid #ddd;font-size:.9rem;color:#555}
img{max-width:100%;height:auto}dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dl.facts dt{font-weight:bold}
dl.facts dd{margin:0}ul.plain{list-style:none;padding:0}nav.pages{display:flex;flex-wrap:wrap;gap:.5rem 1rem;margin:1rem 0}
form.filters{display:grid;grid-template-columns:repeat(auto-fill,minmax(10rem,1fr));gap:.5rem 1rem;align-items:end}form.filters label{margin:0}
form.filters select{display:block;width:100%;margin-top:.25rem;padding:.4rem}form.filters button{justify-self:start}.notes{overflow-wrap:anywhere}
input[type=checkbox],input[type=radio]{display:inline-block;width:auto;margin:0 .5rem 0 0;vertical-align:middle}
.text{white-space:pre-line}.note{display:block;min-width:14rem}ul.plain>li{margin:.25rem 0}ul.log>li,ul.cards>li{margin:0 0 1rem}ul.cards>li{padding-bottom:.5rem;border-bottom:1px solid #ddd}
nav.pages a[aria-current=page]{color:#222;font-weight:bold;text-decoration:none}nav.pages+nav.pages{border-top:1px solid #ddd;padding-top:1rem}
@media (max-width:480px){header,main,footer{padding-left:.75rem;padding-right:.75rem}dl.facts{grid-template-columns:1fr}}
`;

