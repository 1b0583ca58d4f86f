package pages

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// What the problem page draws that does not change between requests is
// cached here (issue 15: the page is the server's bottleneck): the boards'
// pictures, a function of the puzzle and the input, and the whole page of
// an anonymous visitor, a function of the problem and its cases, plain and
// gzipped. A page is kept with the catalogue version its data was read at
// (judge.ProblemInput.Catalogue), which every process reads from the
// database on each request: an instructor's change, made through any
// process, shows on the next request.

// cachedPage is an anonymous visitor's problem page, kept by slug under
// the catalogue version it was drawn at (Pages.pages).
type cachedPage struct {
	registrationOpen bool
	plain, gz        []byte
}

// maxCachedPages bounds the page cache, as maxCachedProblems does the
// service's: only problems that exist are cached.
const maxCachedPages = 1024

// cachedProblemPage answers an anonymous visitor's problem page from the
// cache, drawing it first when the catalogue changed, and reports whether
// it did. A visitor with a session, or with a flash message to show, gets
// the page drawn for them.
func (p *Pages) cachedProblemPage(c *gin.Context, in judge.ProblemInput) bool {
	if in.Catalogue == 0 {
		return false // the store keeps no catalogue version
	}
	if _, ok := httpx.CurrentUser(c); ok {
		return false
	}
	if ck, err := c.Request.Cookie(flashCookie); err == nil && ck.Value != "" {
		return false
	}
	open := p.Service.RegistrationOpen()
	// A page per language: the visitor's comes from the browser.
	l := p.localeOf(c)
	key := in.Problem.Slug + "\x00" + l.Lang + "\x00" + p.statementLang(c)
	e, hit := p.pages.Get(key, in.Catalogue)
	if !hit || e.registrationOpen != open {
		v, ok := p.problemView(c, in)
		if !ok {
			return true // answered with an error page
		}
		// An anonymous page shows no form that needs the CSRF token and
		// no user: it is drawn without them.
		var buf bytes.Buffer
		path := "/problems/" + in.Problem.Slug
		if s := c.Query("statement"); s != "" && judge.ValidPageLanguage(s) {
			path += "?statement=" + s
		}
		page := view{locale: l, Path: path, Title: v.Title, Data: v, RegistrationOpen: open}
		if err := pageTemplates[l.Lang].execute(&buf, "problem", page); err != nil {
			return false // render draws it again and reports the error
		}
		var gz bytes.Buffer
		w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		w.Write(buf.Bytes())
		w.Close()
		e = cachedPage{registrationOpen: open, plain: buf.Bytes(), gz: gz.Bytes()}
		p.pages.Put(key, in.Catalogue, e, maxCachedPages)
	}
	body := e.plain
	if c.Request.Method != http.MethodHead && strings.Contains(c.GetHeader("Accept-Encoding"), "gzip") {
		// httpx.Gzip leaves an answer already encoded alone.
		c.Header("Content-Encoding", "gzip")
		body = e.gz
	}
	c.Data(http.StatusOK, "text/html; charset=utf-8", body)
	return true
}

// pictureCache holds the boards' pictures by language, puzzle, element id
// and input (a picture's titles are in its reader's language),
// within a bound on their bytes: past it the cache starts again empty.
type pictureCache struct {
	mu    sync.Mutex
	m     map[string]caseView
	bytes int
}

// maxPictureBytes bounds the pictures kept: a 30x30 board's is about 40 KB.
const maxPictureBytes = 8 << 20

// caseView is newCaseView with the picture from the cache.
func (p *Pages) caseView(l *locale, puzzle string, cs judge.Case) caseView {
	key := l.Lang + "\x00" + puzzle + "\x00" + fmt.Sprint(cs.ID) + "\x00" + cs.Input
	p.pictures.mu.Lock()
	cached, ok := p.pictures.m[key]
	p.pictures.mu.Unlock()
	if ok {
		cached.Case = cs
		return cached
	}
	v := newCaseView(l, puzzle, cs)
	size := len(key) + len(v.Picture) + len(v.PictureError)
	p.pictures.mu.Lock()
	if p.pictures.m == nil || p.pictures.bytes+size > maxPictureBytes {
		p.pictures.m, p.pictures.bytes = map[string]caseView{}, 0
	}
	p.pictures.m[key] = caseView{Picture: v.Picture, PictureError: v.PictureError}
	p.pictures.bytes += size
	p.pictures.mu.Unlock()
	return v
}
