package webtest

import (
	"bytes"
	"html"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Browser is a client with its own cookies, like one browser profile, on
// the server at Base. It does not follow redirects, so that tests see the
// 303s. CSRF points at the form token of the last page read: a test
// package's own browser type can keep it in a field of its own.
type Browser struct {
	T      *testing.T
	Base   string
	Client *http.Client
	CSRF   *string
}

// NewBrowser returns a browser with an empty cookie jar.
func NewBrowser(t *testing.T, base string) *Browser {
	jar, _ := cookiejar.New(nil)
	return &Browser{T: t, Base: base, CSRF: new(string), Client: &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// Page is one answer: status, body, headers.
type Page struct {
	Status int
	Body   string
	Header http.Header
}

// CSRFInput finds the form token in a page.
var CSRFInput = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

// Do sends req and reads the answer, keeping the form token it carries.
func (b *Browser) Do(req *http.Request) Page {
	b.T.Helper()
	resp, err := b.Client.Do(req)
	if err != nil {
		b.T.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		b.T.Fatal(err)
	}
	if m := CSRFInput.FindStringSubmatch(string(body)); m != nil {
		*b.CSRF = html.UnescapeString(m[1])
	}
	return Page{Status: resp.StatusCode, Body: string(body), Header: resp.Header}
}

func (b *Browser) send(method, path string, body io.Reader, contentType string) Page {
	b.T.Helper()
	req, err := http.NewRequest(method, b.Base+path, body)
	if err != nil {
		b.T.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	return b.Do(req)
}

// Get reads a page.
func (b *Browser) Get(path string) Page {
	b.T.Helper()
	return b.send("GET", path, nil, "")
}

// Post sends a URL-encoded form with the CSRF token of the last page read
// (unless the form sets its own csrf field).
func (b *Browser) Post(path string, form url.Values) Page {
	b.T.Helper()
	if _, set := form["csrf"]; !set {
		form.Set("csrf", *b.CSRF)
	}
	return b.send("POST", path, strings.NewReader(form.Encode()), "application/x-www-form-urlencoded")
}

// Upload sends a multipart form with one file, as the answer form does.
func (b *Browser) Upload(path string, form url.Values, field, filename, content string) Page {
	b.T.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	form.Set("csrf", *b.CSRF)
	for k, vs := range form {
		for _, v := range vs {
			mw.WriteField(k, v)
		}
	}
	fw, err := mw.CreateFormFile(field, filename)
	if err != nil {
		b.T.Fatal(err)
	}
	io.WriteString(fw, content)
	mw.Close()
	return b.send("POST", path, &buf, mw.FormDataContentType())
}

// Register creates a student through the form and leaves the browser
// logged in, on the page it is sent to (whose form token is bound to the
// new session).
func (b *Browser) Register(username, password string) {
	b.T.Helper()
	b.Get("/register").Want(b.T, 200, `action="/register"`)
	b.Get(b.Post("/register", url.Values{"username": {username}, "password": {password}, "password2": {password}}).RedirectTo(b.T, "/"))
}

// Login logs the browser in through the form.
func (b *Browser) Login(username, password string) {
	b.T.Helper()
	b.Get("/login").Want(b.T, 200, `action="/login"`)
	b.Get(b.Post("/login", url.Values{"username": {username}, "password": {password}}).RedirectTo(b.T, "/"))
}

// WaitDone reloads a submission page until its judging is over.
func (b *Browser) WaitDone(path string) Page {
	b.T.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		p := b.Get(path).Want(b.T, 200)
		if !strings.Contains(p.Body, `http-equiv="refresh"`) {
			return p
		}
		if time.Now().After(deadline) {
			b.T.Fatalf("%s still judging after 30 s:\n%s", path, p.Body)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Want fails the test unless the page has status and contains every string.
func (p Page) Want(t *testing.T, status int, contains ...string) Page {
	t.Helper()
	if p.Status != status {
		t.Fatalf("status %d, want %d; body:\n%s", p.Status, status, p.Body)
	}
	for _, s := range contains {
		if !strings.Contains(p.Body, s) {
			t.Errorf("page lacks %q; body:\n%s", s, p.Body)
		}
	}
	return p
}

// RedirectTo fails unless the page is a 303 to a path starting with prefix,
// and returns the location.
func (p Page) RedirectTo(t *testing.T, prefix string) string {
	t.Helper()
	loc := p.Header.Get("Location")
	if p.Status != http.StatusSeeOther || !strings.HasPrefix(loc, prefix) {
		t.Fatalf("got %d to %q, want 303 to %s...; body:\n%s", p.Status, loc, prefix, p.Body)
	}
	return loc
}
