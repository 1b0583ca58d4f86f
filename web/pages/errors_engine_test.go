package pages

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"
	"unicode"

	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"

	"puzzlejudge/reference/fifteen"
	"puzzlejudge/reference/floodit"
	"puzzlejudge/reference/mayan"
	"puzzlejudge/reference/rotation"
)

// TestBoardErrorsInChinese: a custom board that the engine refuses on the
// play page (GET /play/move) is told in the reader's language, with its
// line and column, and in English word for word the engine's own error,
// the text the API has always given.
func TestBoardErrorsInChinese(t *testing.T) {
	e := newPagesEnv(t, Options{})
	english, chinese := catalogueWords(t, "en"), catalogueWords(t, "zh-CN")
	zh := e.browser()
	zh.post("/language", url.Values{"lang": {"zh-CN"}, "next": {"/"}})
	en := e.browser()
	engineText := func(_ any, err error) string { return err.Error() }
	tests := []struct {
		name, puzzle, board, english, chinese string
	}{
		{"a short row", "floodit", "3\n0 1\n", engineText(floodit.ParseCase("3\n0 1\n")), "第 2 行第 4 列"},
		{"a letter for a colour", "floodit", "3\n0 1 x\n1 1 1\n1 1 1\n", engineText(floodit.ParseCase("3\n0 1 x\n1 1 1\n1 1 1\n")), "第 2 行第 5 列"},
		{"missing rows", "floodit", "30\n", engineText(floodit.ParseCase("30\n")), "第 2 行第 1 列"},
		{"a short rotation board", "rotation", "1 2 3", engineText(rotation.ParseCase("1 2 3")), "第 1 行第 6 列"},
		{"a short mayan board", "mayan", "3\n1 1 1 0\n", engineText(mayan.ParseCase("3\n1 1 1 0\n")), "第 3 行第 1 列"},
		{"a short fifteen board", "fifteen", "1 2 3\n", engineText(fifteen.ParseCase("1 2 3\n")), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := "/play/move?" + url.Values{"puzzle": {tc.puzzle}, "board": {tc.board}, "moves": {"1"}}.Encode()
			if got := errorMessage(t, en.get(path).want(t, 400)); got != tc.english {
				t.Errorf("in English %q, want the engine's %q", got, tc.english)
			}
			wantChinese(t, errorMessage(t, zh.get(path).want(t, 400)), tc.chinese, english, chinese)
		})
	}
}

// errorMessage is the message of the play page's JSON error, which must
// have the code invalid.
func errorMessage(t *testing.T, p page) string {
	t.Helper()
	var r struct {
		Error struct{ Code, Message string }
	}
	if err := json.Unmarshal([]byte(p.body), &r); err != nil || r.Error.Code != "invalid" {
		t.Fatalf("answer %s: want a JSON error with code invalid", p.body)
	}
	return r.Error.Message
}

// wantChinese fails unless got is Chinese holding want, without an
// English word of the catalogues.
func wantChinese(t *testing.T, got, want string, english, chinese map[string]bool) {
	t.Helper()
	if !strings.ContainsFunc(got, func(r rune) bool { return unicode.Is(unicode.Han, r) }) || !strings.Contains(got, want) {
		t.Errorf("in Chinese %q, want the catalogue's Chinese with %q", got, want)
	}
	if words := englishOnPage(got, english, chinese, nil); len(words) > 0 {
		t.Errorf("in Chinese %q: English words %q", got, words)
	}
}

// TestLimitErrorsInChinese: a board the play page refuses for its size,
// colours or moves (the public replay's limits, the check limits widened
// by the published problems') is told in Chinese; in English word for
// word as before ("the limit", not "this problem's limit").
func TestLimitErrorsInChinese(t *testing.T) {
	e := newPagesEnvConfig(t, Options{}, service.Config{RegistrationOpen: true, CheckLimits: judge.Limits{MaxSize: 8, MaxColors: 10, MaxMoves: 3}})
	ctx := context.Background()
	for slug, l := range map[string]judge.Limits{"flood": {MaxSize: 8, MaxColors: 6}, "maya": {MaxMoves: 3}} {
		if _, err := e.svc.UpdateProblem(ctx, webtest.Staff, slug, judge.ProblemPatch{Limits: &l}); err != nil {
			t.Fatal(err)
		}
	}
	english, chinese := catalogueWords(t, "en"), catalogueWords(t, "zh-CN")
	zh := e.browser()
	zh.post("/language", url.Values{"lang": {"zh-CN"}, "next": {"/"}})
	en := e.browser()
	const why = ": a public replay takes the boards of the published problems and of /check (config keys check_max_size, check_max_colors, check_max_moves)"
	tests := []struct {
		name, puzzle, board, english, chinese string
	}{
		{"a large board", "floodit", floodSquare(9, 1), "board size 9 is above the limit of 8" + why, "棋盘大小 9 超过限制 8"},
		{"many colours", "floodit", "2\n0 1\n1 12\n", "row 2, column 2: colour 12 is outside 0..9" + why, "第 2 行第 2 列：颜色 12 不在 0..9 之内"},
		{"many moves", "mayan", "4\n1 0\n1 0\n2 2 1 0\n0\n0\n", "line 1: 4 moves is above the limit of 3" + why, "步数 4 超过限制 3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := "/play/move?" + url.Values{"puzzle": {tc.puzzle}, "board": {tc.board}, "moves": {""}}.Encode()
			if got := errorMessage(t, en.get(path).want(t, 400)); got != tc.english {
				t.Errorf("in English %q, want %q", got, tc.english)
			}
			wantChinese(t, errorMessage(t, zh.get(path).want(t, 400)), tc.chinese, english, chinese)
		})
	}
}

// floodSquare is an n x n Flood-it board of colours 0..colours.
func floodSquare(n, colours int) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d\n", n)
	for r := range n {
		for c := range n {
			if c > 0 {
				sb.WriteByte(' ')
			}
			fmt.Fprint(&sb, (r+c)%(colours+1))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// TestHintErrorsInChinese: the play page's refused hints (a bad move, a
// board already flooded) are told in Chinese, in English as before.
func TestHintErrorsInChinese(t *testing.T) {
	e := newPagesEnv(t, Options{})
	cases := e.waitCases("flood")
	admin := e.browser()
	admin.login("admin", pagesAdminPassword)
	admin.post("/problems/flood/hints", url.Values{"hints": {"on"}}).redirectTo(t, "/problems/flood/cases")
	english, chinese := catalogueWords(t, "en"), catalogueWords(t, "zh-CN")
	zh := e.browser()
	zh.post("/language", url.Values{"lang": {"zh-CN"}, "next": {"/"}})
	zh.register("xiaohong", "xiaohong-pass-1")
	en := e.browser()
	en.register("hal", "hal-password-1")
	hint := fmt.Sprintf("/problems/flood/play/%d/hint", cases[1].ID)
	tests := []struct {
		name, moves, english, chinese string
	}{
		{"no such colour", "9", "move 1 (\"9\"): ", "第 1 步"},
		{"flooded", cases[1].Expected.Moves, "the board is already flooded", "棋盘已经全部同色"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := errorMessage(t, en.post(hint, url.Values{"moves": {tc.moves}}).want(t, 400)); !strings.HasPrefix(got, tc.english) {
				t.Errorf("in English %q, want %q", got, tc.english)
			}
			wantChinese(t, errorMessage(t, zh.post(hint, url.Values{"moves": {tc.moves}}).want(t, 400)), tc.chinese, english, chinese)
		})
	}
}

// TestCheckLimitErrorsInChinese: a student's /check board over the
// server's check limits is refused naming the config key, in English as
// the API always said it and in Chinese on a page.
func TestCheckLimitErrorsInChinese(t *testing.T) {
	e := newPagesEnvConfig(t, Options{}, service.Config{RegistrationOpen: true, CheckLimits: judge.Limits{MaxSize: 2, MaxColors: 3, MaxMoves: 3}})
	ctx := context.Background()
	student, err := e.svc.Register(ctx, "liam", "liam-pass-123", judge.RoleStudent)
	if err != nil {
		t.Fatal(err)
	}
	english, chinese := catalogueWords(t, "en"), catalogueWords(t, "zh-CN")
	en, zh := newLocale("en", time.UTC), newLocale("zh-CN", time.UTC)
	tests := []struct {
		name, puzzle, board, english, chinese string
	}{
		{"size", "floodit", floodSquare(3, 1), "board size 3 is above the limit of 2: /check takes students' boards up to size 2 (config key check_max_size)", "棋盘大小 3 超过限制 2"},
		{"colours", "floodit", "2\n0 1\n1 5\n", "row 2, column 2: colour 5 is outside 0..2: /check takes students' boards of at most 3 colours (config key check_max_colors)", "颜色 5 不在 0..2 之内"},
		{"moves", "mayan", "4\n1 0\n1 0\n2 2 1 0\n0\n0\n", "line 1: 4 moves is above the limit of 3: /check takes students' boards of at most 3 moves (config key check_max_moves)", "步数 4 超过限制 3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := e.svc.Check(ctx, student, tc.puzzle, tc.board, "")
			var je *judge.Error
			if !errors.As(err, &je) || je.Message != tc.english {
				t.Fatalf("Check: %v, want the Message %q", err, tc.english)
			}
			if got := en.errorText(err); got != tc.english {
				t.Errorf("in English %q, want %q", got, tc.english)
			}
			wantChinese(t, zh.errorText(err), tc.chinese, english, chinese)
		})
	}
}

// TestTextErrorsInChinese: a text that is not text (a NUL byte, bad
// UTF-8, too long) is refused naming the text in the reader's language;
// in English as the API always said it.
func TestTextErrorsInChinese(t *testing.T) {
	e := newPagesEnv(t, Options{})
	english, chinese := catalogueWords(t, "en"), catalogueWords(t, "zh-CN")
	zh := e.browser()
	zh.post("/language", url.Values{"lang": {"zh-CN"}, "next": {"/"}})
	en := e.browser()
	sample := "3\n0 1 2\n1 1 2\n2 2 1\n"
	tests := []struct {
		name, board, moves, english, chinese string
	}{
		{"a NUL in the board", "3\x00", "1", "the board contains a NUL byte", "棋盘含有 NUL 字节"},
		{"bad UTF-8 in the moves", sample, "1 \xff", "the move text is not valid UTF-8", "走法文本不是有效的 UTF-8 文本"},
		{"a long board", strings.Repeat("1 ", judge.MaxCaseBytes), "1", fmt.Sprintf("the board has more than %d bytes", judge.MaxCaseBytes), fmt.Sprintf("棋盘超过 %d 字节", judge.MaxCaseBytes)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := "/play/move?" + url.Values{"puzzle": {"floodit"}, "board": {tc.board}, "moves": {tc.moves}}.Encode()
			if got := errorMessage(t, en.get(path).want(t, 400)); got != tc.english {
				t.Errorf("in English %q, want %q", got, tc.english)
			}
			wantChinese(t, errorMessage(t, zh.get(path).want(t, 400)), tc.chinese, english, chinese)
		})
	}
	_, err := e.svc.CreateAssignment(context.Background(), webtest.Staff, judge.AssignmentSpec{Title: "t\x00"})
	if got, want := judge.ErrorMessage(err), "the title contains a NUL byte"; got != want {
		t.Errorf("an assignment's title: %q, want %q", got, want)
	}
	wantChinese(t, newLocale("zh-CN", time.UTC).errorText(err), "标题含有 NUL 字节", english, chinese)
}

// TestAccountFileErrorsInChinese: a class list that lists a name twice or
// is not CSV is refused on the accounts page in Chinese; the service's
// English is what the API always said.
func TestAccountFileErrorsInChinese(t *testing.T) {
	e := newPagesEnv(t, Options{})
	english, chinese := catalogueWords(t, "en"), catalogueWords(t, "zh-CN")
	prof := e.browser()
	prof.login("admin", pagesAdminPassword)
	prof.post("/language", url.Values{"lang": {"zh-CN"}, "next": {"/"}})
	chinese["english"] = true // the switch's own name of the language
	tests := []struct {
		name, file, english, chinese string
	}{
		{"a name twice", "username\nbob\ncyd\nBOB\n", `line 4: the username "BOB" is listed twice (also line 2)`, "第 4 行：用户名 &#34;BOB&#34; 重复出现（另见第 2 行）"},
		{"a bare quote", "bob\nc\"yd\n", `line 2, column 2: bare " in non-quoted-field`, "第 2 行第 2 列：未加引号的字段中出现了"},
		{"a quote left open", "bob\n\"cyd\n", `line 2, column 6: extraneous or missing " in quoted-field`, "第 2 行第 6 列：加引号的字段中"},
		{"three fields", "bob\ncyd,password-1,x\n", "line 2, column 16: expected username[,password], found 3 fields", "第 2 行第 16 列：应为 username[,password]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			specs, err := service.ParseUserCSV(strings.NewReader(tc.file))
			if err == nil {
				_, err = e.svc.CreateUsers(context.Background(), webtest.Staff, specs, judge.RoleStudent)
			}
			if got := judge.ErrorMessage(err); got != tc.english {
				t.Errorf("the service's English %q, want %q", got, tc.english)
			}
			p := prof.upload("/users", url.Values{"role": {"student"}}, "file", "class.csv", tc.file).want(t, 400, tc.chinese)
			if words := englishOnPage(p.body, english, chinese, []string{"BOB"}); len(words) > 0 {
				t.Errorf("the Chinese accounts page shows English words %q", words)
			}
		})
	}
	twice := []judge.UserSpec{{Username: "ann"}, {Username: "ANN"}}
	_, err := e.svc.CreateUsers(context.Background(), webtest.Staff, twice, judge.RoleStudent)
	if got, want := judge.ErrorMessage(err), `the username "ANN" is listed twice (also entry 1)`; got != want {
		t.Errorf("a list of the API: %q, want %q", got, want)
	}
	wantChinese(t, newLocale("zh-CN", time.UTC).errorText(err), "用户名 \"ANN\" 重复出现（另见第 1 项）", english, chinese)
}

// TestProgramsOffInChinese: a program sent to a server without a sandbox
// is refused in the reader's language.
func TestProgramsOffInChinese(t *testing.T) {
	e := newPagesEnv(t, Options{})
	student, err := e.svc.Register(context.Background(), "liam", "liam-pass-123", judge.RoleStudent)
	if err != nil {
		t.Fatal(err)
	}
	_, err = e.svc.SubmitProgram(context.Background(), student, judge.Submission{ProblemSlug: "flood", Language: "cpp", Payload: "int main(){}"}, "")
	if got, want := judge.ErrorMessage(err), "programs cannot be judged on this server now: this server runs no sandbox (sandbox: off)"; got != want {
		t.Fatalf("SubmitProgram: %q, want %q", got, want)
	}
	english, chinese := catalogueWords(t, "en"), catalogueWords(t, "zh-CN")
	wantChinese(t, newLocale("zh-CN", time.UTC).errorText(err), "本服务器现在无法评测程序：本服务器没有运行沙箱", english, chinese)
}
