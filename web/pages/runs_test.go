package pages

import (
	"encoding/json"
	"html/template"
	"net/url"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/web/httpx"
)

// TestRunForm reads the problem page's "Run on my input" and posts its
// form as the browser's script does: the section with its form, script
// and languages' rules; the answer of a real run in the page's JSON, its
// message and refusals in the reader's language; an anonymous reader is
// asked to log in.
func TestRunForm(t *testing.T) {
	e := newProgramEnv(t)
	e.waitCases("flood")
	anon := e.browser()
	anon.get("/problems/flood").want(t, 200, `<section class="run" id="run">`, `href="/login?next=/problems/flood#run"`, `id="language-rules"`)

	alice := e.browser()
	alice.register("alice", "alice-password")
	form := alice.get("/problems/flood").want(t, 200, `<section class="run" id="run">`, `id="run-form"`, `action="/problems/flood/run"`,
		`<script src="/static/run.js" defer></script>`, `id="run-msgs"`, "Run on my input", `id="language-cpp"`, "exit status 0")
	noTemplateError(t, form)
	if i, j := strings.Index(form.body, `id="program-form"`), strings.Index(form.body, `id="run"`); i < 0 || j < i {
		t.Errorf("the run section is not after the program form")
	}
	for _, l := range e.svc.Languages() {
		if !strings.Contains(form.body, `id="language-`+l.ID+`"`) || !strings.Contains(form.body, strings.ReplaceAll(template.HTMLEscapeString(l.Version), "+", "&#43;")) {
			i := strings.Index(form.body, `id="language-`+l.ID+`"`)
			t.Errorf("the languages' rules do not show %s with its version %q: %.300s", l.ID, l.Version, form.body[max(i, 0):])
		}
	}
	alice.get("/static/run.js").want(t, 200, "run-form")

	run := func(b *browser, input string) (httpx.RunAnswer, page) {
		t.Helper()
		r := b.post("/problems/flood/run", url.Values{"language": {"cpp"}, "source": {talkSource}, "input": {input}})
		var a httpx.RunAnswer
		if r.status == 200 {
			if err := json.Unmarshal([]byte(r.body), &a); err != nil {
				t.Fatalf("the run's answer is not JSON: %v\n%s", err, r.body)
			}
		}
		return a, r
	}
	a, _ := run(alice, "8\n")
	if a.Status != judge.RunOK || a.Stdout != "5\n" || a.Stderr != "size 8\n" {
		t.Errorf("run through the page = %+v, want ok, 5, size 8", a)
	}
	alice.post("/language", url.Values{"lang": {"zh-CN"}, "next": {"/"}})
	alice.get("/problems/flood").want(t, 200, "用我的输入运行", "各语言：如何编译和运行", "public 类可以叫 Main")
	_, r := run(alice, strings.Repeat("1", judge.MaxRunInput+1))
	r.want(t, 413, "自测输入最多 64 KiB")
	broken := alice.post("/problems/flood/run", url.Values{"language": {"cpp"}, "source": {"int main() { return }\n"}})
	var ce httpx.RunAnswer
	if err := json.Unmarshal([]byte(broken.body), &ce); err != nil || ce.Status != judge.RunCompileError || !strings.Contains(ce.Message, "程序编译失败") {
		t.Errorf("a broken source through the page = %+v (%v), want compile_error said in Chinese", ce, err)
	}
	anon.get("/login") // a form token: the cached problem page has none
	anon.post("/problems/flood/run", url.Values{"language": {"cpp"}, "source": {talkSource}}).want(t, 401, `"code":"unauthorized"`)
}

// TestRunFormSandboxOff: without a sandbox the run section says runs are
// off, in the reader's language, and offers no form.
func TestRunFormSandboxOff(t *testing.T) {
	e := newPagesEnvConfig(t, Options{}, service.Config{RegistrationOpen: true})
	e.waitCases("flood")
	b := e.browser()
	b.register("alice", "alice-password")
	p := b.get("/problems/flood").want(t, 200, `id="run-off"`, "neither can runs on your own input")
	if strings.Contains(p.body, `id="run-form"`) {
		t.Errorf("the page offers the run form with the sandbox off")
	}
	b.post("/problems/flood/run", url.Values{"language": {"cpp"}, "source": {talkSource}}).want(t, 503, `"code":"unavailable"`)
}
