package pages

import (
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/gin-gonic/gin"
	"github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
	"puzzlejudge/web/httpx"
)

// The pages speak the languages of judge.PageLanguages. Their words are
// messages of go-i18n catalogues in locales/, files named <part>.<lang>.toml
// (active.en.toml and active.zh-CN.toml hold the pages' own words; other
// parts, such as the judge's messages, sit beside them), with CLDR's plural
// rules; a test (i18n_catalogue_test.go) keeps every language complete for
// what the templates and the handlers ask.

//go:embed locales/*.toml
var localeFS embed.FS

// catalogue is the bundle of every language's messages, read once: a bad
// file is a programming error that every page test would meet.
var catalogue = mustBundle()

func mustBundle() *i18n.Bundle {
	b := i18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	for _, lang := range judge.PageLanguages {
		for _, f := range catalogueFiles(lang) {
			if _, err := b.LoadMessageFileFS(localeFS, f); err != nil {
				panic(err)
			}
		}
	}
	return b
}

// catalogueFiles are the files of lang's catalogue: locales/*.<lang>.toml.
func catalogueFiles(lang string) []string {
	files, err := fs.Glob(localeFS, "locales/*."+lang+".toml")
	if err != nil || len(files) == 0 {
		panic(fmt.Sprintf("no catalogue for %s: %v", lang, err))
	}
	return files
}

// pageTags are judge.PageLanguages as tags, in the same order, and
// matcher picks one of them for a browser's Accept-Language.
var (
	pageTags = func() []language.Tag {
		out := make([]language.Tag, len(judge.PageLanguages))
		for i, l := range judge.PageLanguages {
			out[i] = language.MustParse(l)
		}
		return out
	}()
	matcher = language.NewMatcher(pageTags)
)

// locale is the language and the time zone of one reader.
type locale struct {
	Lang string // one of judge.PageLanguages
	loc  *i18n.Localizer
	// en answers a message the reader's catalogue lacks (the catalogue
	// test keeps that from happening).
	en   *i18n.Localizer
	Zone *time.Location
}

// locales holds one localizer per language, built once.
var locales = func() map[string]*i18n.Localizer {
	out := map[string]*i18n.Localizer{}
	for _, l := range judge.PageLanguages {
		out[l] = i18n.NewLocalizer(catalogue, l)
	}
	return out
}()

func newLocale(lang string, zone *time.Location) *locale {
	if _, ok := locales[lang]; !ok {
		lang = judge.PageLanguages[0]
	}
	if zone == nil {
		zone = time.UTC
	}
	return &locale{Lang: lang, loc: locales[lang], en: locales[judge.PageLanguages[0]], Zone: zone}
}

// text is the message id in the reader's language. args are pairs of a
// name and a value, the message's template data; the value of "Count" also
// chooses the plural form.
func (l *locale) text(id string, args ...any) string {
	cfg := &i18n.LocalizeConfig{MessageID: id}
	if len(args) > 0 {
		data := make(map[string]any, len(args)/2)
		for i := 0; i+1 < len(args); i += 2 {
			name, _ := args[i].(string)
			data[name] = args[i+1]
			if name == "Count" {
				cfg.PluralCount = args[i+1]
			}
		}
		cfg.TemplateData = data
	}
	s, err := l.loc.Localize(cfg)
	if err != nil {
		if s, err = l.en.Localize(cfg); err != nil {
			return id
		}
	}
	return s
}

// html is text for a message that holds markup of its own (a link inside
// a sentence): the catalogue is trusted, the arguments are not, so string
// arguments are escaped before they are put in.
func (l *locale) html(id string, args ...any) template.HTML {
	safe := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case int, int64, float64:
			safe[i] = v // numbers choose plural forms
		case template.HTML:
			safe[i] = string(v)
		default:
			if i%2 == 0 {
				safe[i] = a // a name
			} else {
				safe[i] = template.HTMLEscapeString(fmt.Sprint(v))
			}
		}
	}
	return template.HTML(l.text(id, safe...))
}

// When is t as the reader reads it: in their zone, named by zoneLabel so
// that nobody mistakes it for another.
func (l *locale) When(t time.Time) string {
	t = t.In(l.Zone)
	return t.Format("2006-01-02 15:04:05 ") + zoneLabel(t)
}

// langCookie keeps a visitor's choice of language (a signed-in user's is
// their account's setting).
const langCookie = "pj_lang"

// localeKey is where the request's locale is kept in the gin context.
const localeKey = "pages.locale"

// localize chooses the request's locale: the signed-in user's setting,
// else the visitor's cookie, else the browser's Accept-Language, else the
// server's default language; the zone is the user's, else the server's.
// It runs after the session, which finds the user.
func (p *Pages) localize() gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Set(localeKey, p.chooseLocale(c))
		c.Header("Content-Language", p.localeOf(c).Lang)
		c.Next()
	}
}

func (p *Pages) chooseLocale(c *gin.Context) *locale {
	u, _ := httpx.CurrentUser(c)
	zone := p.zone
	if z, err := judge.LoadTimeZone(u.TimeZone); err == nil && u.TimeZone != "" {
		zone = z
	}
	return newLocale(p.chooseLanguage(c, u), zone)
}

// chooseLanguage is the language of chooseLocale for user u (zero for a
// visitor).
func (p *Pages) chooseLanguage(c *gin.Context, u judge.User) string {
	lang := u.Language
	if lang == "" {
		if ck, err := c.Request.Cookie(langCookie); err == nil && judge.ValidPageLanguage(ck.Value) {
			lang = ck.Value
		}
	}
	if lang == "" {
		if h := c.GetHeader("Accept-Language"); h != "" {
			if tags, _, err := language.ParseAcceptLanguage(h); err == nil && len(tags) > 0 {
				if _, i, conf := matcher.Match(tags...); conf != language.No {
					lang = judge.PageLanguages[i]
				}
			}
		}
	}
	if lang == "" {
		lang = p.DefaultLanguage
	}
	return lang
}

// localeOf is the request's locale; the default one when localize did
// not run.
func (p *Pages) localeOf(c *gin.Context) *locale {
	if v, ok := c.Get(localeKey); ok {
		return v.(*locale)
	}
	return newLocale(p.DefaultLanguage, p.zone)
}

// localETag is the entity tag of a page drawn from data tagged tag, for
// the request's reader: the same data reads otherwise in another language
// or zone, so a reader who switches (or shares a browser's cache with
// another) is not told 304 for a page in the other's words.
func (p *Pages) localETag(c *gin.Context, tag string) string {
	l := p.localeOf(c)
	suffix := "-" + l.Lang + "-" + l.Zone.String()
	if strings.HasSuffix(tag, `"`) {
		return tag[:len(tag)-1] + suffix + `"`
	}
	return tag + suffix
}

// tr is the message id in the request's language (locale.text).
func (p *Pages) tr(c *gin.Context, id string, args ...any) string {
	return p.localeOf(c).text(id, args...)
}

// setLanguage is the language switch of every page (a form of two
// buttons, which needs no script): it keeps the choice in a cookie, and in
// the account of a signed-in user, then goes back to the page.
//
// A visitor's switch needs no form token: the cached problem page of
// visitors carries none, and all a forged one could do is set the
// language cookie of a visitor. A signed-in user's switch changes their
// account, so it needs the token, as every other form does.
func (p *Pages) setLanguage(c *gin.Context) {
	if err := parseForm(c.Request); err != nil {
		p.errorPage(c, http.StatusBadRequest, p.tr(c, "error_form_unreadable"))
		return
	}
	if !p.languagePostAllowed(c) {
		p.forbiddenForm(c)
		return
	}
	lang := strings.TrimSpace(c.PostForm("lang"))
	if lang == "" || !judge.ValidPageLanguage(lang) {
		p.errorPage(c, http.StatusBadRequest, p.tr(c, "error_language", "Lang", lang, "Langs", strings.Join(judge.PageLanguages, ", ")))
		return
	}
	if u, ok := httpx.CurrentUser(c); ok {
		if _, err := p.Service.SetPreferences(c.Request.Context(), u, judge.Preferences{Language: &lang}); err != nil {
			p.fail(c, err)
			return
		}
	}
	p.setCookie(c, langCookie, lang, 365*24*time.Hour)
	c.Redirect(http.StatusSeeOther, safeNext(c.PostForm("next")))
}

// lookup is text for a message that may not exist (a puzzle added without
// its name in the catalogues): ok is false then.
func (l *locale) lookup(id string) (string, bool) {
	s, err := l.loc.Localize(&i18n.LocalizeConfig{MessageID: id})
	if err != nil {
		return "", false
	}
	return s, true
}

// puzzleName is how a puzzle reads on a page: its name in the catalogue,
// else the registry's name.
func (l *locale) puzzleName(name string) string {
	if s, ok := l.lookup("puzzle_" + name); ok {
		return s
	}
	return name
}

// langChoice is one button of the language switch: the tag and the
// language's name in itself, which is how a reader finds their own.
type langChoice struct{ Tag, Name string }

// langNames are the languages' own names, proper names the same on every
// page (not catalogue messages).
var langNames = map[string]string{"en": "English", "zh-CN": "中文"}

func langChoices() []langChoice {
	out := make([]langChoice, len(judge.PageLanguages))
	for i, l := range judge.PageLanguages {
		out[i] = langChoice{l, langNames[l]}
	}
	return out
}

// builtMessages are the message ids the pages build from a value rather
// than write out (verdict_accepted from judge.Accepted): the catalogue
// test counts them as used.
func builtMessages() []string {
	// judge.Solved is shown in place of a withheld verdict, outside the
	// closed set.
	ids := []string{"verdict_pending", "verdict_" + string(judge.Solved)}
	for _, v := range judge.Verdicts() {
		ids = append(ids, "verdict_"+string(v))
	}
	for _, s := range []judge.Status{judge.StatusPending, judge.StatusJudging, judge.StatusDone} {
		ids = append(ids, "status_"+string(s))
	}
	for _, k := range []judge.Kind{judge.KindAnswer, judge.KindMoves, judge.KindProgram} {
		ids = append(ids, "kind_"+string(k), "kind_"+string(k)+"_long")
	}
	for _, s := range []judge.CaseStatus{judge.CaseSolving, judge.CaseReady, judge.CaseFailed} {
		ids = append(ids, "case_status_"+string(s))
	}
	for _, s := range []string{judge.GenRunning, judge.GenDone, judge.GenStopped} {
		ids = append(ids, "gen_status_"+s)
	}
	for _, r := range []judge.Role{judge.RoleStudent, judge.RoleInstructor} {
		ids = append(ids, "role_"+string(r))
	}
	for _, b := range []judge.BoardStatus{judge.BoardAccepted, judge.BoardSuboptimal, judge.BoardSolved, judge.BoardTried, judge.BoardUntried} {
		ids = append(ids, "chip_"+string(b))
	}
	for _, s := range []string{"draft", "archived"} {
		ids = append(ids, "tag_"+s)
	}
	for _, s := range []judge.Scoring{judge.ScoringICPC, judge.ScoringIOI} {
		ids = append(ids, "scoring_"+string(s))
	}
	for _, name := range puzzles.PuzzleNames() {
		ids = append(ids, "puzzle_"+name, "moves_syntax_"+name)
	}
	for name := range players {
		ids = append(ids, "play_help_"+name)
	}
	for _, m := range fifteenMoves {
		ids = append(ids, "play_button_fifteen_"+m.way)
	}
	for _, status := range []int{400, 401, 403, 404, 405, 409, 413, 429, 500, 503} {
		ids = append(ids, "http_"+strconv.Itoa(status))
	}
	for _, m := range judge.Messages() {
		ids = append(ids, "judge_"+string(m.ID))
	}
	for _, c := range palette {
		ids = append(ids, "colour_"+strings.ReplaceAll(c.Name, " ", "_"))
	}
	for _, what := range noSuchThings {
		ids = append(ids, "error_no_such_"+what)
	}
	return ids
}

// noSuchThings are the things whose page pathID may not find, each the
// catalogue's error_no_such_<thing> (a noun is a word of the sentence: the
// Chinese one takes its own measure word).
var noSuchThings = []string{"assignment", "board", "contest", "generation", "submission"}

// judgeText is a replay step's message in the reader's language (its
// judge.Msg), else as the judge wrote it, in English.
func (l *locale) judgeText(s judge.Step) string {
	if s.Msg.ID == "" || s.Msg.Text() != s.Message {
		return s.Message
	}
	return l.judgeMsg(s.Msg)
}

// judgeMessage is a case result's message in the reader's language: the
// catalogue's judge_<MessageID> with the result's arguments (judge.Messages
// lists the ids), else the judge's English text, which is what a result
// stored before its message had an id shows.
func (l *locale) judgeMessage(r judge.CaseResult) string {
	m, ok := judge.ParseMsg(r.MessageID, r.MessageArgs)
	if r.MessageID == "" || !ok || m.Text() != r.Message {
		return r.Message // stored by a judge whose messages differ
	}
	return l.judgeMsg(m)
}

// judgeMsg says a message of the judge in the reader's language, each
// argument that is a message of its own said first.
func (l *locale) judgeMsg(m judge.Msg) string {
	pairs := make([]any, 0, 2*len(m.Args))
	for _, a := range m.Args {
		v := a.Value
		if a.Sub != nil {
			v = l.judgeMsg(*a.Sub)
		}
		pairs = append(pairs, a.Name, v)
	}
	return l.text("judge_"+string(m.ID), pairs...)
}

// judging says what a rejudge did (judge.Judging.String) in the reader's
// language, its reason too when it has a message id (a judging stored
// before reasons had ids shows the English reason).
func (l *locale) judging(j judge.Judging) string {
	reason := j.Reason
	if m, ok := j.ReasonMsg(); ok {
		reason = l.judgeMsg(m)
	}
	return l.text("history_line", "When", l.When(j.RejudgedAt), "Reason", reason,
		"Was", verdictText(l, j.Verdict), "WasScore", fmt.Sprintf("%.0f", j.Score),
		"Now", verdictText(l, j.NewVerdict), "NowScore", fmt.Sprintf("%.0f", j.NewScore))
}

// statementLang is the language of the statement the reader asked for:
// ?statement=en or ?statement=zh-CN (the switch above a bilingual
// statement), else the page's language.
func (p *Pages) statementLang(c *gin.Context) string {
	if s := c.Query("statement"); s != "" && judge.ValidPageLanguage(s) {
		return s
	}
	return p.localeOf(c).Lang
}

// statementFor is the statement of prob in lang when it has one, else the
// English one, and the language of what it returns.
func statementFor(prob judge.Problem, lang string) (string, string) {
	if lang == "zh-CN" && prob.StatementZH != "" {
		return prob.StatementZH, "zh-CN"
	}
	return prob.Statement, "en"
}

// boardName is the name of a board as the reader reads it: the judge
// names a hidden board by its position in English (judge.HiddenCaseName,
// the API's contract), which a page says in the reader's language.
func (l *locale) boardName(name string, position int) string {
	if name == judge.HiddenCaseName(position) {
		return l.text("label_board", "ID", position)
	}
	return name
}

// languagePostAllowed reports whether a language switch comes from this
// site. It takes the form token whenever one can be had: a signed-in
// viewer's pages always carry it, and a token sent is always checked. An
// anonymous visitor may have none to send (its first request; the cached
// problem page, drawn once for every visitor, has an empty one): its post
// is refused when the browser says it comes from elsewhere (Sec-Fetch-Site
// cross-site or same-site, or an Origin that is not this host), which
// every current browser says of another site's form. Without either check
// any site could flip a visitor's language with a form of its own (issue
// 32).
func (p *Pages) languagePostAllowed(c *gin.Context) bool {
	cookie := csrfCookieValue(c)
	if _, signedIn := httpx.CurrentUser(c); signedIn || c.PostForm(csrfField) != "" {
		return p.tokenMatches(c, cookie)
	}
	return sameOrigin(c.Request)
}

// sameOrigin reports whether r, by what the browser says of it, was sent
// by a page of this site: no Sec-Fetch-Site or one of same-origin and none
// (typed by the user), and no Origin or this host's.
func sameOrigin(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
	default:
		return false
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && u.Host != "" && strings.EqualFold(u.Host, r.Host)
}
