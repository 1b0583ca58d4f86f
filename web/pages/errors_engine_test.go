package pages

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"unicode"

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
	message := func(p page) string {
		t.Helper()
		var r struct {
			Error struct{ Code, Message string }
		}
		if err := json.Unmarshal([]byte(p.body), &r); err != nil || r.Error.Code != "invalid" {
			t.Fatalf("answer %s: want a JSON error with code invalid", p.body)
		}
		return r.Error.Message
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := "/play/move?" + url.Values{"puzzle": {tc.puzzle}, "board": {tc.board}, "moves": {"1"}}.Encode()
			if got := message(en.get(path).want(t, 400)); got != tc.english {
				t.Errorf("in English %q, want the engine's %q", got, tc.english)
			}
			got := message(zh.get(path).want(t, 400))
			if !strings.ContainsFunc(got, func(r rune) bool { return unicode.Is(unicode.Han, r) }) || !strings.Contains(got, tc.chinese) {
				t.Errorf("in Chinese %q, want the catalogue's Chinese with %q", got, tc.chinese)
			}
			if words := englishOnPage(got, english, chinese, nil); len(words) > 0 {
				t.Errorf("in Chinese %q: English words %q", got, words)
			}
		})
	}
}
