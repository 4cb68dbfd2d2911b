/// What to run about a failing golden, as text that pastes into a shell: `accept` first (promote the report's
/// actual frame, after looking at it), `record` only to re-render from scratch. The one place these command lines
/// are built. Paths are as the user named them (`--output` or the suite's `output`, the suite file as given), so the
/// command works from the directory the run was started in.
package enum Remedy {
    package static func accept(reportDirectory: String, frame: String) -> String {
        "parallax accept \(shellWord(reportDirectory)) --only \(shellWord(frame))"
    }

    /// Records the golden of `frame` again; without a frame, every golden of the suite (the numeric golden is
    /// recorded only by a run of the whole suite).
    package static func record(suite: String, only frame: String? = nil) -> String {
        "parallax record \(shellWord(suite))" + (frame.map { " --only \(shellWord($0))" } ?? "")
    }

    /// A word the shell reads back unchanged: as is when it holds only safe characters, else single-quoted.
    package static func shellWord(_ word: String) -> String {
        let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:@%+,")
        if !word.isEmpty && word.allSatisfy(safe.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A command in `<code>` with a copy button beside it (`copyScript` makes it work).
    static func command(_ text: String) -> Node {
        HTML.el("span", ["class": "command"], HTML.el("code", .text(text)),
                HTML.el("button", ["type": "button", "class": "copy", "data-copy": text, "aria-label": "copy: \(text)"], .text("copy")))
    }

    /// Copies a button's `data-copy`: the Clipboard API where the page may use it, else a selected textarea and
    /// `execCommand('copy')` (pages opened from file:// are not always a secure context).
    static let copyScript = """
        document.querySelectorAll('button.copy').forEach(function(b){b.addEventListener('click',function(){
          var text=b.getAttribute('data-copy');
          function done(ok){b.textContent=ok?'copied':'select and copy';setTimeout(function(){b.textContent='copy';},1500);}
          function fallback(){var t=document.createElement('textarea');t.value=text;t.setAttribute('readonly','');
            t.style.position='fixed';t.style.opacity='0';document.body.appendChild(t);t.select();
            var ok=false;try{ok=document.execCommand('copy');}catch(e){}document.body.removeChild(t);done(ok);}
          if(navigator.clipboard&&window.isSecureContext){navigator.clipboard.writeText(text).then(function(){done(true);},fallback);}
          else{fallback();}
        });});

        """
}
