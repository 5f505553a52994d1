/// The explorer's style sheet and its one script, served from the package itself: no CDN, no font from elsewhere.
///
/// The pages work without the script (each form submits to the server, which renders the result); the script makes
/// them live. A form with `data-live="ID"` fetches its `data-fragment` address with the form's values as the person
/// types, and puts the answer (HTML the server escaped) into the element `ID`; with `data-keeps-address` the page's
/// address follows, so a result can be shared. A button with `data-copy` copies its value.
enum Assets {
    static let stylePath = "/assets/explorer.css"
    static let scriptPath = "/assets/explorer.js"

    /// Contrast of at least 7:1 for text in light and dark mode, focus always visible, targets at least 44 points
    /// tall, tables that scroll sideways on a phone instead of widening the page (a pattern in the routes' table is
    /// never broken), and code that keeps its spaces (a value or a command reads, and copies, as it is).
    static let style = """
        :root{color-scheme:light dark;--fg:#111;--bg:#fff;--panel:#f3f4f6;--line:#6b7280;--accent:#0a4fb3;\
        --ok:#0b5a2a;--bad:#8a1414;--warn-bg:#fff3c4;--warn-fg:#3d2e00}
        @media (prefers-color-scheme:dark){:root{--fg:#f2f2f2;--bg:#111;--panel:#1f2329;--line:#9ca3af;\
        --accent:#8ab8ff;--ok:#7ee2a0;--bad:#ff9e9e;--warn-bg:#3d2e00;--warn-fg:#ffe9a8}}
        *{box-sizing:border-box}
        body{margin:0;font:1rem/1.5 system-ui,-apple-system,sans-serif;color:var(--fg);background:var(--bg)}
        a{color:var(--accent)}
        :focus-visible{outline:3px solid var(--accent);outline-offset:2px}
        .skip{position:absolute;left:-999px;top:0;padding:.75rem 1rem;background:var(--bg)}
        .skip:focus{left:.5rem}
        header{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.5rem;padding:.5rem 1rem;\
        border-bottom:1px solid var(--line)}
        .brand{margin:0;font-weight:700}.file{font-weight:400;font-family:ui-monospace,monospace;overflow-wrap:anywhere}
        nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:0;padding:0;list-style:none}
        nav a{display:inline-block;padding:.625rem .25rem;min-height:44px}
        nav a[aria-current=page]{font-weight:700;text-decoration-thickness:3px}
        main{max-width:70rem;margin:0 auto;padding:1rem}
        main:focus{outline:none}
        h1{font-size:1.75rem;margin:.5rem 0 1rem}h2{font-size:1.35rem}h3{font-size:1.1rem}
        code,pre,input{font-family:ui-monospace,SFMono-Regular,Menlo,monospace}
        code{overflow-wrap:anywhere;white-space:pre-wrap}
        pre{margin:0;padding:.75rem;background:var(--panel);border-radius:.375rem}
        label{display:block;font-weight:600;margin-bottom:.25rem}
        input{font-size:1rem;padding:.625rem;min-height:44px;width:100%;color:var(--fg);background:var(--bg);\
        border:2px solid var(--line);border-radius:.375rem}
        button{font:inherit;font-weight:600;min-height:44px;padding:.5rem 1rem;border:2px solid var(--accent);\
        border-radius:.375rem;color:var(--bg);background:var(--accent);cursor:pointer}
        button.copy{color:var(--accent);background:var(--bg)}
        select{font:inherit;min-height:44px;padding:.5rem;color:var(--fg);background:var(--bg);\
        border:2px solid var(--line);border-radius:.375rem}.access{font-size:.9rem}
        .field{display:flex;gap:.5rem}.field input{flex:1}.field+label{margin-top:.75rem}
        .hint,.note{color:var(--fg);opacity:1;font-size:.95rem}
        .result{margin:1rem 0 2rem;padding:.25rem 1rem 1rem;border:1px solid var(--line);border-radius:.5rem}
        .outcome.matched{color:var(--ok)}.outcome.missed,.outcome.rejected,.error{color:var(--bad)}
        .warning{display:inline-block;padding:0 .375rem;border-radius:.25rem;color:var(--warn-fg);\
        background:var(--warn-bg);font-size:.95rem}
        mark{color:var(--warn-fg);background:var(--warn-bg);outline:1px solid var(--warn-fg)}
        .facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
        .facts dt{font-weight:600}.facts dd{margin:0}
        .scroll{overflow-x:auto}
        table{border-collapse:collapse;width:100%}
        .routes code{white-space:pre;overflow-wrap:normal}
        th,td{text-align:left;vertical-align:top;padding:.375rem .5rem;border-bottom:1px solid var(--line)}
        .route{padding:.5rem 0 1rem;border-bottom:1px solid var(--line)}
        .values{display:flex;flex-wrap:wrap;align-items:flex-end;gap:.5rem 1rem}
        .parameter{flex:1 1 12rem}
        .form{margin:.75rem 0}.kind{margin:0;font-weight:600}
        .link{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem;margin:.25rem 0}
        .link a{font-family:ui-monospace,monospace;overflow-wrap:anywhere;padding:.5rem 0}
        .command{margin:.25rem 0;font-size:.9rem}
        .problem{padding:.5rem 1rem;border:2px solid var(--bad);border-radius:.5rem}
        .problem h2{color:var(--bad)}
        .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
        textarea{font:1rem ui-monospace,SFMono-Regular,Menlo,monospace;padding:.625rem;width:100%;color:var(--fg);\
        background:var(--bg);border:2px solid var(--line);border-radius:.375rem;margin-bottom:.25rem}
        .phones{display:flex;flex-wrap:wrap;gap:1rem}.phone-result{flex:1 1 15rem;max-width:22rem}
        .phone{margin:0;min-height:20rem;padding:.75rem .5rem;display:flex;flex-direction:column;\
        justify-content:space-between;border:3px solid var(--line);border-radius:1.5rem;background:var(--panel)}
        .layers{display:flex;flex-direction:column;gap:.5rem}
        .layer{padding:.25rem .5rem;border:1px solid var(--line);border-radius:.5rem;background:var(--bg)}
        .layer.sheet{margin-left:.75rem;border-width:2px}.layer.cover{border:2px solid var(--accent)}
        .layer ol{display:flex;flex-direction:column-reverse;margin:0;padding-left:1.25rem}
        .layer li.top{font-weight:700}.layer-name{margin:0;font-size:.9rem;font-weight:600}
        .tabbar{display:flex;justify-content:space-around;flex-wrap:wrap;gap:.25rem;list-style:none;\
        margin:.75rem 0 0;padding:.5rem 0 0;border-top:1px solid var(--line)}
        .tabbar li{padding:.25rem .5rem;border-radius:.375rem}
        .tabbar li.selected{font-weight:700;color:var(--bg);background:var(--accent)}
        .steps{padding-left:1.5rem}
        @media (max-width:40rem){.field{flex-direction:column}th,td{padding:.375rem}}
        """

    static let script = #"""
        "use strict";
        // Live forms: each change asks the server for the result (HTML it escaped) and shows it in place.
        for (const form of document.querySelectorAll("form[data-live]")) {
          const target = document.getElementById(form.dataset.live);
          let timer = 0;
          let pending = null;
          const update = () => {
            const query = new URLSearchParams(new FormData(form)).toString();
            if (pending) pending.abort();
            pending = new AbortController();
            fetch(form.dataset.fragment + "?" + query, { signal: pending.signal })
              .then((response) => response.text())
              .then((html) => {
                target.innerHTML = html;
                if ("keepsAddress" in form.dataset) history.replaceState(null, "", form.getAttribute("action") + "?" + query);
              })
              .catch(() => {});
          };
          // A text field says "input" as a person types; a menu may say only "change".
          for (const kind of ["input", "change"]) {
            form.addEventListener(kind, () => {
              clearTimeout(timer);
              timer = setTimeout(update, 120);
            });
          }
          form.addEventListener("submit", (event) => {
            event.preventDefault();
            clearTimeout(timer);
            update();
          });
        }

        // Copy buttons: the value goes to the clipboard, and the button says so (screen readers hear it too).
        document.addEventListener("click", (event) => {
          const button = event.target.closest("button[data-copy]");
          if (!button) return;
          const done = (label) => {
            button.textContent = label;
            const status = document.getElementById("copy-status");
            if (status) status.textContent = label === "Copied" ? "Copied " + button.dataset.copy : label;
            setTimeout(() => { button.textContent = "Copy"; }, 2000);
          };
          const fallback = () => {
            const field = document.createElement("textarea");
            field.value = button.dataset.copy;
            field.setAttribute("readonly", "");
            field.style.position = "fixed";
            field.style.opacity = "0";
            document.body.append(field);
            field.select();
            const copied = document.execCommand("copy");
            field.remove();
            done(copied ? "Copied" : "Copy failed");
          };
          if (navigator.clipboard && window.isSecureContext) {
            navigator.clipboard.writeText(button.dataset.copy).then(() => done("Copied"), fallback);
          } else {
            fallback();
          }
        });
        """#
}
