"""A small Chrome DevTools Protocol client over --remote-debugging-pipe, standard library
only (no websocket): Chromium reads commands from its fd 3 and writes answers and events
to its fd 4, one JSON object each, ended by a NUL byte. Used by web.py to drive the page
(wait for a worker's result, set a file input, record every network request, take a
screenshot), which --dump-dom cannot.
"""
import json
import os
import queue
import subprocess
import threading
import time


class Browser:
    def __init__(self, profile, args=()):
        to_r, to_w = os.pipe()      # commands: we write, Chromium reads on its fd 3
        from_r, from_w = os.pipe()  # answers: Chromium writes on its fd 4, we read

        def child_fds():
            a, b = os.dup(to_r), os.dup(from_w)
            os.dup2(a, 3)
            os.dup2(b, 4)
            for fd in {to_r, to_w, from_r, from_w, a, b} - {3, 4}:
                try:
                    os.close(fd)
                except OSError:
                    pass

        cmd = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
               "--no-default-browser-check", "--remote-debugging-pipe", "--user-data-dir=" + os.path.abspath(profile),
               "--force-device-scale-factor=1"] + list(args) + ["about:blank"]
        self.proc = subprocess.Popen(cmd, preexec_fn=child_fds, close_fds=False, stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_r)
        os.close(from_w)
        self.w, self.r = to_w, from_r
        self.next_id = 0
        self.answers = {}
        self.events = []            # every event, in order: (session, method, params)
        self.cond = threading.Condition()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self):
        buf = b""
        while True:
            chunk = os.read(self.r, 1 << 16)
            if not chunk:
                break
            buf += chunk
            while b"\0" in buf:
                raw, buf = buf.split(b"\0", 1)
                msg = json.loads(raw)
                with self.cond:
                    if "id" in msg:
                        self.answers[msg["id"]] = msg
                    else:
                        self.events.append((msg.get("sessionId"), msg["method"], msg.get("params", {})))
                        self._on_event(msg)
                    self.cond.notify_all()

    def _on_event(self, msg):
        # a worker (or frame) target attached: record its network requests too, then let it run
        if msg["method"] == "Target.attachedToTarget":
            sid = msg["params"]["sessionId"]
            threading.Thread(target=self._enable_child, args=(sid,), daemon=True).start()

    def _enable_child(self, sid):
        try:
            self.send("Network.enable", session=sid, timeout=10)
            self.send("Runtime.runIfWaitingForDebugger", session=sid, timeout=10)
        except Exception:
            pass

    def send(self, method, params=None, session=None, timeout=60):
        with self.cond:
            self.next_id += 1
            mid = self.next_id
        msg = {"id": mid, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.w, json.dumps(msg).encode() + b"\0")
        end = time.time() + timeout
        with self.cond:
            while mid not in self.answers:
                left = end - time.time()
                if left <= 0 or not self.reader.is_alive():
                    raise TimeoutError("%s: no answer" % method)
                self.cond.wait(left)
            ans = self.answers.pop(mid)
        if "error" in ans:
            raise RuntimeError("%s: %s" % (method, ans["error"]))
        return ans.get("result", {})

    def new_page(self, width=1280, height=900):
        """A new tab, attached, with its network, log and workers recorded."""
        tid = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        sid = self.send("Target.attachToTarget", {"targetId": tid, "flatten": True})["sessionId"]
        for m in ("Page.enable", "Runtime.enable", "Network.enable", "Log.enable"):
            self.send(m, session=sid)
        self.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True},
                  session=sid)
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=sid)
        return sid

    def evaluate(self, sid, expr, timeout=60):
        r = self.send("Runtime.evaluate", {"expression": expr, "returnByValue": True, "awaitPromise": True},
                      session=sid, timeout=timeout)
        if "exceptionDetails" in r:
            raise RuntimeError("evaluate %s: %s" % (expr[:60], r["exceptionDetails"].get("text")))
        return r["result"].get("value")

    def wait_for(self, sid, expr, timeout=120, poll=0.05, what=None):
        """Polls expr until it is truthy; returns its value and the seconds waited (a
        TimeoutError, saying what was waited for, after timeout s)."""
        t0 = time.time()
        while True:
            try:
                v = self.evaluate(sid, expr)
            except RuntimeError:  # the page is still loading (no body yet)
                v = None
            if v:
                return v, time.time() - t0
            if time.time() - t0 > timeout:
                raise TimeoutError("waited %d s for %s" % (timeout, what or expr))
            time.sleep(poll)

    def until(self, sid, expr, ok, what, timeout=60, poll=0.05):
        """expr's value once ok(value) holds, polled for at most timeout s: what a test then
        asserts, waited for rather than looked at after a fixed sleep (a loaded machine once
        looked too early). After the timeout, the last value, which the assertion that
        follows then rejects; what was waited for is printed."""
        t0 = time.time()
        while True:
            try:
                v = self.evaluate(sid, expr)
            except RuntimeError:  # a document between two loads
                v = None
            if v is not None and ok(v):
                return v
            if time.time() - t0 > timeout:
                print("     (waited %d s for %s: %s)" % (timeout, what, str(v)[:200]))
                return v
            time.sleep(poll)

    def settle(self, sid, timeout=60):
        """Waits until the tab has drawn what it holds: its fonts loaded, then two frames
        painted (what a screenshot then takes), rather than a fixed sleep."""
        self.evaluate(sid, "document.fonts.ready.then(function(){return new Promise(function(r){"
                           "requestAnimationFrame(function(){requestAnimationFrame(function(){r(1)})})})})",
                      timeout=timeout)

    def download(self, sid, expr, where, name, timeout=60):
        """Runs expr (a click on a save button) and waits until the browser says the
        download ended (Browser.downloadProgress); returns the saved file's path, or None
        when it was not saved (the timeout, or a download cancelled)."""
        os.makedirs(where, exist_ok=True)
        self.send("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": where, "eventsEnabled": True})
        with self.cond:
            mark = len(self.events)
        self.evaluate(sid, expr)
        end, states = time.time() + timeout, []
        with self.cond:
            while not states:
                states = [p.get("state") for _, m, p in self.events[mark:]
                          if m == "Browser.downloadProgress" and p.get("state") in ("completed", "canceled")]
                left = end - time.time()
                if states or left <= 0:
                    break
                self.cond.wait(min(left, 1))
        path = os.path.join(where, name)
        if not states:
            print("     (waited %d s for the download of %s to end)" % (timeout, name))
        return path if states[:1] == ["completed"] and os.path.isfile(path) else None

    def requests(self):
        with self.cond:
            return [p["request"]["url"] for _, m, p in self.events if m == "Network.requestWillBeSent"]

    def log(self):
        with self.cond:
            out = [p["entry"].get("text", "") for _, m, p in self.events if m == "Log.entryAdded"]
            out += [" ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", []))
                    for _, m, p in self.events if m == "Runtime.consoleAPICalled"]
            out += [p["exceptionDetails"].get("text", "") + " " +
                    str(p["exceptionDetails"].get("exception", {}).get("description", ""))
                    for _, m, p in self.events if m == "Runtime.exceptionThrown"]
            return out

    def close(self):
        try:
            self.send("Browser.close", timeout=5)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.w)
