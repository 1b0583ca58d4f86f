package pages

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// catalogueWords are the words of a catalogue's messages, lower case:
// their text without template actions and markup.
func catalogueWords(t *testing.T, lang string) map[string]bool {
	t.Helper()
	words := map[string]bool{}
	add := func(s string) {
		s = regexp.MustCompile(`\{\{[^}]*\}\}`).ReplaceAllString(s, " ")
		s = tagOrComment.ReplaceAllString(s, " ")
		for _, w := range pageToken.FindAllString(s, -1) {
			if plainWord.MatchString(w) {
				words[strings.ToLower(w)] = true
			}
		}
	}
	for _, raw := range catalogueRaw(t, lang) {
		for _, v := range raw {
			switch v := v.(type) {
			case string:
				add(v)
			case map[string]any:
				for _, f := range v {
					if s, ok := f.(string); ok {
						add(s)
					}
				}
			}
		}
	}
	return words
}

// pageToken is a run of letters, digits, '-', '_' and '.' inside a word; a
// token with anything but letters is an id or a code (01-sample-1,
// max_size, Flood-it, main.cpp), not a word.
var (
	pageToken = regexp.MustCompile(`[A-Za-z0-9_\-.]*[A-Za-z][A-Za-z0-9_\-.]*`)
	plainWord = regexp.MustCompile(`^[A-Za-z]{2,}$`)
	hidden    = regexp.MustCompile(`(?is)<(script|style|pre|code|svg|title)\b.*?</(script|style|pre|code|svg|title)>`)
	// serviceText is the paragraph that quotes the service's English
	// reason why programs are off (the test's server runs no sandbox).
	serviceText = regexp.MustCompile(`(?s)<p class="muted" id="program-off">.*?</p>`)
)

// englishOnPage returns the words of the English catalogue that the
// visible text of a page holds (its text and visible attributes), apart
// from those the Chinese catalogue writes too (codes such as max_size,
// Kattis, CSV) and the page's own data (titles, slugs, usernames).
func englishOnPage(body string, english, chinese map[string]bool, data []string) []string {
	body = hidden.ReplaceAllString(body, " ")
	body = serviceText.ReplaceAllString(body, " ")
	var text []string
	for _, m := range visibleAttr.FindAllStringSubmatch(body, -1) {
		text = append(text, m[2])
	}
	text = append(text, tagOrComment.ReplaceAllString(body, " "))
	all := strings.Join(text, " ")
	for _, d := range data {
		all = strings.ReplaceAll(all, d, " ")
	}
	var found []string
	for _, w := range pageToken.FindAllString(all, -1) {
		lw := strings.ToLower(w)
		if plainWord.MatchString(w) && english[lw] && !chinese[lw] {
			found = append(found, w)
		}
	}
	return found
}

// TestChinesePagesSpeakNoEnglish walks a Chinese reader's way through the
// judge (register, read a statement, play a board, submit, see the
// result, the list, an assignment with its deadline) and fails on any
// English word of the catalogue on those pages. The proper names the
// switch shows (English), ids, codes and numbers are allowed. The case
// result's message is the judge's moves_optimal, given as an id.
func TestChinesePagesSpeakNoEnglish(t *testing.T) {
	e := newPagesEnv(t, Options{})
	cases := e.waitCases("flood")
	english, chinese := catalogueWords(t, "en"), catalogueWords(t, "zh-CN")
	chinese["english"] = true // the switch's own name of the language

	prof := e.browser()
	prof.login("admin", pagesAdminPassword)
	now := time.Now().UTC()
	loc := prof.post("/assignments", url.Values{"title": {"第一周"}, "opens_at": {now.Add(-time.Hour).Format(formTime)},
		"due_at": {now.Add(50 * time.Hour).Format(formTime)}, "problem": {"flood"}, "weight-flood": {"1"}}).redirectTo(t, "/assignments/")

	b := e.browser()
	// The catalogue's titles (Rotation, Mayan: the test catalogue's data,
	// not the pages' words), slugs and the user's name.
	data := []string{"Flood-it", "Rotation", "Mayan", "flood", "xiaoming"}
	check := func(path string, p page) {
		t.Helper()
		p.want(t, 200, `<html lang="zh-CN">`)
		noTemplateError(t, p)
		if words := englishOnPage(p.body, english, chinese, data); len(words) > 0 {
			t.Errorf("the Chinese page %s shows English words %q", path, words)
		}
	}
	for _, path := range []string{"/", "/register", "/login"} {
		check(path, b.getWith(path, "zh-CN,zh;q=0.9"))
	}
	b.post("/language", url.Values{"lang": {"zh-CN"}, "next": {"/"}})
	b.register("xiaoming", "xiaoming-pass-1")
	sample := cases[0]
	b.get("/problems/flood")
	subLoc := b.post("/problems/flood/submissions", url.Values{"kind": {"moves"}, "case": {strconv.FormatInt(sample.ID, 10)}, "moves": {sample.Expected.Moves}}).
		redirectTo(t, "/submissions/")
	b.waitDone(subLoc)
	for _, path := range []string{"/", "/problems/flood", "/problems/flood/play/" + strconv.FormatInt(sample.ID, 10), subLoc, subLoc + "/replay",
		"/submissions", "/problems/flood/submissions", "/assignments", loc, loc + "/progress", "/me/settings", "/me/password"} {
		check(path, b.get(path))
	}
}

// TestChineseContestPages reads a running contest as a Chinese reader in
// Shanghai: the list, the contest, the board and its polled table, the
// clarifications, with no English word of the catalogue and the times in
// the reader's zone. The board's table is drawn once per language and
// zone, so the English reader's table stays English.
func TestChineseContestPages(t *testing.T) {
	e := newPagesEnv(t, Options{})
	english, chinese := catalogueWords(t, "en"), catalogueWords(t, "zh-CN")
	chinese["english"] = true // the switch's own name of the language

	prof := e.browser()
	prof.login("admin", pagesAdminPassword)
	start := time.Now().UTC().Add(-time.Hour).Truncate(time.Minute)
	loc := prof.post("/contests", url.Values{"title": {"周赛"}, "start_time": {start.Format(formTime)}, "duration": {"5h"},
		"freeze": {"1h"}, "scoring": {"icpc"}, "problems": {"A flood"}, "public": {"1"}}).redirectTo(t, "/contests/")

	b := e.browser()
	b.post("/language", url.Values{"lang": {"zh-CN"}, "next": {"/"}})
	b.register("xiaoming", "xiaoming-pass-1")
	b.post("/me/settings", url.Values{"language": {"zh-CN"}, "time_zone": {"Asia/Shanghai"}}).redirectTo(t, "/me/settings")
	sh, _ := judge.LoadTimeZone("Asia/Shanghai")
	inShanghai := start.In(sh).Format("2006-01-02 15:04:05 MST") + " (UTC&#43;8)" // + as the page escapes it

	data := []string{"Flood-it", "flood", "xiaoming", "ICPC"}
	check := func(path string, p page, want ...string) {
		t.Helper()
		p.want(t, 200, append([]string{`<html lang="zh-CN">`}, want...)...)
		noTemplateError(t, p)
		if words := englishOnPage(p.body, english, chinese, data); len(words) > 0 {
			t.Errorf("the Chinese page %s shows English words %q", path, words)
		}
	}
	check("/contests", b.get("/contests"), "比赛", inShanghai)
	check(loc, b.get(loc), "排行榜", inShanghai, "封榜")
	check(loc+"/scoreboard", b.get(loc+"/scoreboard"), "排名", "罚时")
	check(loc+"/clarifications", b.get(loc+"/clarifications"), "提问与澄清")

	frag := b.get(loc+"/scoreboard?fragment=1").want(t, 200, "排名", "罚时")
	if words := englishOnPage(frag.body, english, chinese, data); len(words) > 0 {
		t.Errorf("the Chinese board's table shows English words %q", words)
	}
	enFrag := e.browser().get(loc+"/scoreboard?fragment=1").want(t, 200, "Rank", "Penalty")
	// The board's ETag says the language and the zone: polled with the
	// English reader's tag, the Chinese reader gets the Chinese table,
	// with their own, 304.
	poll := func(etag string) page {
		req, _ := http.NewRequest("GET", e.srv.URL+loc+"/scoreboard?fragment=1", nil)
		req.Header.Set("If-None-Match", etag)
		return b.do(req)
	}
	if enTag, zhTag := enFrag.header.Get("ETag"), frag.header.Get("ETag"); enTag == zhTag {
		t.Errorf("the English and the Chinese board's table have one ETag %s", enTag)
	}
	poll(enFrag.header.Get("ETag")).want(t, 200, "排名")
	if got := poll(frag.header.Get("ETag")); got.status != http.StatusNotModified {
		t.Errorf("the Chinese poll with its own ETag = %d, want 304", got.status)
	}
	// A thing that is not there is named in the reader's words.
	b.get(loc+"x/scoreboard").want(t, 404, "没有这场比赛。")
	b.get("/submissions/x").want(t, 404, "没有这个提交。")
}
