import SwitchyardServer

/// The console's one script, served by the site itself (`script-src 'self'`, no inline code): the editor's preview
/// as a person types.
///
/// The pages work without it ("Preview" asks for the same page). With it, a form with `data-preview="PATH"` sends
/// its fields to `PATH` a moment after each change, with the session's form token, as the form itself would be
/// sent; the site answers JSON made by the code "Preview" runs (``LinkEditor``). The script then:
/// - puts the answer's `preview` (HTML the site escaped) into `#preview-region`;
/// - says each problem at its field (`aria-invalid`, a `FIELD-error` paragraph named by `aria-describedby`), as the
///   page does, and clears the ones that are gone, with the list of problems of the last page sent;
/// - writes the answer's one sentence into `#preview-status`, a `role="status"` region a screen reader reads out
///   when the person pauses, not at each key.
///
/// An answer that arrives after a later question was asked is dropped, so the preview is always of the latest
/// fields. A refusal (a session ended, a form from an older page) leaves the page as it is; "Preview" then says why.
enum ConsoleScript {
    static let path = "/admin/console.js"

    static var response: SiteResponse {
        SiteResponse(
            status: 200,
            headers: [
                (name: "Content-Type", value: "text/javascript; charset=utf-8"),
                (name: "Cache-Control", value: "private, no-cache"), (name: "X-Content-Type-Options", value: "nosniff"),
                (name: "Cross-Origin-Resource-Policy", value: "same-origin"),
            ], body: Array(source.utf8))
    }

    static let source = """
        "use strict";
        (function () {
          var form = document.querySelector("form[data-preview]");
          if (!form || !window.fetch || !window.URLSearchParams) { return; }
          var region = document.getElementById("preview-region");
          var status = document.getElementById("preview-status");
          var timer = null;
          var asked = 0;

          function sayAtFields(problems) {
            var messages = {};
            problems.forEach(function (problem) {
              (messages[problem.field] = messages[problem.field] || []).push(problem.message);
            });
            form.querySelectorAll("input[id], textarea[id]").forEach(function (field) {
              var errorID = field.id + "-error";
              var old = document.getElementById(errorID);
              if (old) { old.remove(); }
              var described = (field.getAttribute("aria-describedby") || "").split(" ").filter(function (id) {
                return id && id !== errorID;
              });
              if (messages[field.id]) {
                var error = document.createElement("p");
                error.id = errorID;
                error.className = "error";
                error.textContent = messages[field.id].join("; ");
                field.insertAdjacentElement("afterend", error);
                described.push(errorID);
                field.setAttribute("aria-invalid", "true");
              } else {
                field.removeAttribute("aria-invalid");
              }
              if (described.length) {
                field.setAttribute("aria-describedby", described.join(" "));
              } else {
                field.removeAttribute("aria-describedby");
              }
            });
          }

          function show(answer) {
            var stale = document.querySelector(".problems");
            if (stale) { stale.remove(); }
            region.innerHTML = answer.preview;
            sayAtFields(answer.problems);
            status.textContent = answer.status;
          }

          function ask() {
            var number = ++asked;
            fetch(form.getAttribute("data-preview"), {
              method: "POST",
              credentials: "same-origin",
              headers: { "Accept": "application/json" },
              body: new URLSearchParams(new FormData(form))
            }).then(function (response) {
              var json = response.headers.get("Content-Type") === "application/json";
              return response.ok && json ? response.json() : null;
            }).then(function (answer) {
              if (answer && number === asked) { show(answer); }
            }).catch(function () {});
          }

          form.addEventListener("input", function () {
            clearTimeout(timer);
            timer = setTimeout(ask, 300);
          });
        })();

        """
}
