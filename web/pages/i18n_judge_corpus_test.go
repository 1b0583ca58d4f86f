package pages

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
	"puzzlejudge/reference/fifteen"
	"puzzlejudge/reference/floodit"
	"puzzlejudge/reference/mayan"
	"puzzlejudge/reference/rotation"
)

// engineParsers are the reference engines' parsers of a whole input and
// of one case, by puzzle name: their errors are what a student reads of
// a board that does not parse.
var engineParsers = map[string][]func(string) error{
	"floodit":  {func(s string) error { _, err := floodit.ParseCases(s); return err }, func(s string) error { _, err := floodit.ParseCaseWithin(s, 4, 3); return err }},
	"rotation": {func(s string) error { _, err := rotation.ParseCases(s); return err }, func(s string) error { _, err := rotation.ParseCase(s); return err }},
	"mayan":    {func(s string) error { _, err := mayan.ParseCases(s); return err }, func(s string) error { _, err := mayan.ParseCase(s); return err }},
	"fifteen":  {func(s string) error { _, err := fifteen.ParseCases(s); return err }, func(s string) error { _, err := fifteen.ParseCase(s); return err }},
}

// handInputs are bad boards of each puzzle that the fuzz corpora and the
// test inputs cut short may not hold.
var handInputs = map[string][]string{
	"floodit":  {"5\n", "2\n0 9\n0 0\n"},
	"rotation": {"1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 9\n0\n"},
	"fifteen":  {"1\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 99\n", "1\n1 2 3\n4 5 6\n7 8 0\n5\n", "1\n1 2 3\n4 5 6\n7 8 8\n"},
	"mayan":    {"3\n11 0\n0\n0\n0\n0\n", "3\n1 0 2\n0\n0\n0\n0\n", "3\n1 1 1 0\n0\n0\n0\n0\n", "3\n1 0\n1 0\n1 0\n0\n0\n"},
}

// parseSamples returns the errors of every engine's parsers over its fuzz
// corpora and test inputs, as messages of the judge (puzzles.ErrorMsg).
func parseSamples(t *testing.T) []judgeSample {
	t.Helper()
	var out []judgeSample
	for name, parsers := range engineParsers {
		inputs := fuzzStrings(t, engineDirs[name])
		files, _ := filepath.Glob(filepath.Join("..", "..", "reference", engineDirs[name], "testdata", "*.in"))
		more, _ := filepath.Glob(filepath.Join("..", "..", "reference", engineDirs[name], "testdata", "golden", "*.in"))
		for _, f := range append(files, more...) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			s := string(src)
			// The input cut short after each line, and with a stray word.
			for i := range len(s) {
				if s[i] == '\n' {
					inputs = append(inputs, s[:i+1], s[:i+1]+"x\n", s[:i+1]+"7 7\n")
				}
			}
		}
		inputs = append(inputs, "", "0\n", "1\n", "-3\n", "2\n1 2\n", "x")
		inputs = append(inputs, handInputs[name]...)
		for _, in := range inputs {
			for _, parse := range parsers {
				err := parse(in)
				if err == nil {
					continue
				}
				where := name + " input " + strconv.Quote(shorten(in))
				m, ok := puzzles.ErrorMsg(err)
				if !ok {
					out = append(out, judgeSample{where, err.Error(), "", ""})
					continue
				}
				if m.Text() != err.Error() {
					t.Errorf("%s: the message says %q, the engine %q", where, m.Text(), err.Error())
				}
				out = append(out, judgeSample{where, err.Error(), string(m.ID), m.ArgsJSON()})
			}
		}
	}
	return out
}

// judgeSample is one message the judge gave on a real input: a case
// result's or a replay step's, with where it came from.
type judgeSample struct {
	where   string
	message string
	id      string
	args    string
}

// engineDirs are the reference engines' folders, by puzzle name.
var engineDirs = map[string]string{"floodit": "floodit", "rotation": "rotation", "mayan": "mayan", "fifteen": "fifteen"}

// handMoves are bad move texts of each puzzle the fuzz corpora may not
// hold: one for each way a move can be wrong.
var handMoves = map[string][]string{
	"floodit":  {"1 2 99", "9", "-1", "a", "1,x", "12345", "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"},
	"rotation": {"a", "Z", "AB?", "", "A", "AAAAAAAA"},
	"fifteen":  {"l", "X", "LLLLUUUU", "RRRRDDDD", "?", "U", "D", ""},
	"mayan":    {"1 2 3", "0 0 1", "9 9 9", "x y g", "0 0 2", "4 0 1", "0 9 1", "0 0", "-1", "0 0 1\n1 0 1\n2 0 1\n3 0 1", "9 0 1", strings.Repeat("0 0 1\n", 1001)},
}

// handAnswers are wrong answers of each puzzle, beside the reference's
// own and its mutations.
var handAnswers = map[string][]string{
	"floodit":  {"0", "x", "1 2", "\n", "99"},
	"rotation": {"a", "AB?", "A\n9", "A\nx", "A\n1 2", "No moves needed\n1", "ZZ\n1", "\n", "This puzzle is not solvable."},
	"fifteen":  {"This puzzle is not solvable.", "l", "LLLL", "UUUU", "R"},
	"mayan":    {"-1", "0 0 1", "x y g", "0 0 1\n1 0 1"},
}

// fuzzStrings returns the string values of every fuzz corpus file of an
// engine (testdata/fuzz/Fuzz*/*).
func fuzzStrings(t *testing.T, engine string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "reference", engine, "testdata", "fuzz", "*", "*"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			line := sc.Text()
			if v, ok := strings.CutPrefix(line, "string("); ok {
				if s, err := strconv.Unquote(strings.TrimSuffix(v, ")")); err == nil {
					out = append(out, s)
				}
			}
		}
		fh.Close()
	}
	return out
}

// engineBoards returns the cases of an engine's test inputs that its
// solver answers within a short while (the judge's canonical texts).
func engineBoards(t *testing.T, p judge.Puzzle, engine string) ([]string, []judge.Solution) {
	t.Helper()
	inputs, _ := filepath.Glob(filepath.Join("..", "..", "reference", engine, "testdata", "*.in"))
	more, _ := filepath.Glob(filepath.Join("..", "..", "reference", engine, "testdata", "golden", "*.in"))
	var cases []string
	for _, f := range append(inputs, more...) {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := p.ParseCases(string(src))
		if err != nil {
			continue // an input that tests a parse error
		}
		cases = append(cases, cs...)
	}
	slices.SortStableFunc(cases, func(a, b string) int { return len(a) - len(b) })
	var boards []string
	var sols []judge.Solution
	for _, c := range cases {
		if len(boards) == 6 {
			break
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		s, err := p.Solve(ctx, c, nil)
		cancel()
		if err == nil {
			boards, sols = append(boards, c), append(sols, s)
		}
	}
	if len(boards) == 0 {
		t.Fatalf("%s: no board of the engine's testdata could be solved", p.Name())
	}
	return boards, sols
}

// puzzleSamples runs every checker of every puzzle over the engines' test
// boards with the move texts and answers of the fuzz corpora, the
// reference's own solutions, mutations of them and the hand-made bad
// ones above, and returns every message the judge gave.
func puzzleSamples(t *testing.T) []judgeSample {
	t.Helper()
	var out []judgeSample
	result := func(where string, r judge.Result) {
		out = append(out, judgeSample{where, r.Message, r.MessageID, r.MessageArgs})
	}
	for _, name := range puzzles.PuzzleNames() {
		p, err := puzzles.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		engine, ok := engineDirs[name]
		if !ok {
			t.Fatalf("puzzle %s: add its engine's folder to engineDirs", name)
		}
		fuzz := fuzzStrings(t, engine)
		boards, sols := engineBoards(t, p, engine)
		for i, c := range boards {
			ref := sols[i]
			moves := append(slices.Clone(fuzz), handMoves[name]...)
			moves = append(moves, ref.Moves, ref.Moves+" "+ref.Moves, strings.ToLower(ref.Moves), ref.Moves[:len(ref.Moves)/2])
			moves = append(moves, strings.Repeat(firstMove(ref.Moves)+" ", p.MaxMoves()+1))
			for _, m := range moves {
				where := name + " moves " + strconv.Quote(shorten(m)) + " on " + strconv.Quote(shorten(c))
				r := p.CheckMoves(c, &ref, m)
				result(where, r)
				if r.Verdict == judge.Accepted || r.Verdict == judge.Suboptimal {
					w := judge.WithholdResult(judge.CaseResult{Verdict: r.Verdict, Message: r.Message, MessageID: r.MessageID, MessageArgs: r.MessageArgs, Used: r.Used})
					out = append(out, judgeSample{where + " withheld", w.Message, w.MessageID, w.MessageArgs})
				}
				result(where+" without a reference", p.CheckMoves(c, nil, m))
				if st, ok := p.(judge.Stepper); ok {
					for k, s := range st.Steps(c, m).Steps {
						out = append(out, judgeSample{where + " step " + strconv.Itoa(k+1), s.Message, string(s.Msg.ID), s.Msg.ArgsJSON()})
					}
				}
			}
			answers := append(slices.Clone(fuzz), handAnswers[name]...)
			answers = append(answers, ref.Answer, "", strings.ToLower(ref.Answer), strings.Replace(ref.Answer, "1", "2", 1))
			if lines := strings.SplitN(ref.Answer, "\n", 2); len(lines) == 2 {
				answers = append(answers, lines[0]+"\n9\n", lines[0])
			}
			for _, text := range answers {
				as, _ := p.SplitAnswers([]string{c}, text)
				var a judge.Answer
				if len(as) > 0 {
					a = as[0]
				}
				for _, checker := range append([]string{""}, p.Checkers()...) {
					where := name + " answer " + strconv.Quote(shorten(text)) + " (checker " + strconv.Quote(checker) + ") on " + strconv.Quote(shorten(c))
					result(where, p.CheckAnswer(c, ref, a, checker))
				}
			}
		}
	}
	return out
}

// firstMove is the first move of a move text, for a text of too many.
func firstMove(moves string) string {
	if f := strings.Fields(moves); len(f) > 0 && len(f[0]) > 0 {
		if len(f[0]) > 1 && !strings.ContainsAny(f[0], "0123456789") {
			return f[0][:1]
		}
		return f[0]
	}
	return "1"
}

func shorten(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// leafValues returns the text arguments of m and of its messages: the
// student's data, which a page shows as it was written.
func leafValues(m judge.Msg) []string {
	var out []string
	for _, a := range m.Args {
		if a.Sub != nil {
			out = append(out, leafValues(*a.Sub)...)
			continue
		}
		out = append(out, a.Value)
	}
	return out
}

// checkJudgeSamples holds every sample to the catalogues: a message has
// an id, English renders exactly the API's message, Chinese renders every
// argument and no English word of the catalogue. Fewer than least
// distinct messages means the corpus is broken.
func checkJudgeSamples(t *testing.T, samples []judgeSample, least int) {
	t.Helper()
	en, zh := newLocale("en", nil), newLocale("zh-CN", nil)
	english, chinese := catalogueWords(t, "en"), catalogueWords(t, "zh-CN")
	seen := map[string]bool{}
	for _, s := range samples {
		if s.message == "" || seen[s.message+"\x00"+s.args] {
			continue
		}
		seen[s.message+"\x00"+s.args] = true
		if s.id == "" {
			t.Errorf("%s: message %q has no id", s.where, s.message)
			continue
		}
		m, ok := judge.ParseMsg(s.id, s.args)
		if !ok {
			t.Errorf("%s: message %q: id %q with args %s does not parse", s.where, s.message, s.id, s.args)
			continue
		}
		if got := en.judgeMsg(m); got != s.message {
			t.Errorf("%s: the English catalogue says %q, the judge %q", s.where, got, s.message)
		}
		got := zh.judgeMsg(m)
		if strings.Contains(got, "<no value>") || strings.Contains(got, "judge_") {
			t.Errorf("%s: the Chinese catalogue says %q (an argument or a message missing)", s.where, got)
		}
		if words := englishOnPage(got, english, chinese, leafValues(m)); len(words) > 0 {
			t.Errorf("%s: the Chinese catalogue says %q, with English words %q", s.where, got, words)
		}
	}
	if len(seen) < least {
		t.Errorf("only %d distinct messages in the corpus: the corpus is broken", len(seen))
	}
}

// TestJudgeMessagesCorpus: every message the puzzles' checkers and replays
// give over real inputs has an id that both catalogues say right.
func TestJudgeMessagesCorpus(t *testing.T) {
	samples := append(puzzleSamples(t), parseSamples(t)...)
	checkJudgeSamples(t, samples, 50)
	seen := map[judge.MessageID]bool{}
	for _, s := range samples {
		if m, ok := judge.ParseMsg(s.id, s.args); ok {
			msgIDs(m, seen)
		}
	}
	var unseen []string
	for _, m := range judge.Messages() {
		if !seen[m.ID] {
			unseen = append(unseen, string(m.ID))
		}
	}
	t.Logf("%d samples, %d ids seen; not seen: %v", len(samples), len(seen), unseen)
}

// msgIDs adds the ids of m and of its messages to seen.
func msgIDs(m judge.Msg, seen map[judge.MessageID]bool) {
	seen[m.ID] = true
	for _, a := range m.Args {
		if a.Sub != nil {
			msgIDs(*a.Sub, seen)
		}
	}
}

// TestJudgeMessageOldRows: a result stored before its message had an id,
// or with an id this build does not know, shows its English message.
func TestJudgeMessageOldRows(t *testing.T) {
	zh := newLocale("zh-CN", nil)
	for _, r := range []judge.CaseResult{
		{Message: `move 3 ("x"): expected a colour number`},
		{Message: "some old text", MessageID: "gone_since", MessageArgs: `{"A":"1"}`},
		{Message: "broken args", MessageID: "move_bad", MessageArgs: `{"Reason":`},
		{Message: "an older English text", MessageID: "moves_optimal", MessageArgs: `{"Count":"3"}`},
	} {
		if got := zh.judgeMessage(r); got != r.Message {
			t.Errorf("judgeMessage(%+v) = %q, want the stored English %q", r, got, r.Message)
		}
	}
	r := judge.CaseResult{Verdict: judge.Invalid}.With(judge.M("move_bad", "Index", 7, "Token", `"9"`, "Reason", judge.M("floodit_colour_not_on_board", "Colours", 6)))
	if got, want := zh.judgeMessage(r), `第 7 步（"9"）：没有这种颜色：棋盘只有 6 种颜色`; got != want {
		t.Errorf("judgeMessage(%+v) = %q, want %q", r, got, want)
	}
}

// TestJudgingReason: a rejudge's reason reads in the reader's language
// when it has a message id, and as stored (English) when it has none.
func TestJudgingReason(t *testing.T) {
	r := judge.Requeue{}.Saying(judge.M("rejudge_deleted", "Board", judge.M("board_named", "Position", 1, "Name", "01-sample")))
	when := time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)
	withID := judge.Judging{Verdict: judge.Accepted, Score: 100, Reason: r.Reason, ReasonID: r.ReasonID, ReasonArgs: r.ReasonArgs,
		RejudgedAt: when, NewVerdict: judge.WrongAnswer, NewScore: 0}
	old := withID
	old.ReasonID, old.ReasonArgs = "", ""
	zh, en := newLocale("zh-CN", nil), newLocale("en", nil)
	if got := zh.judging(withID); !strings.Contains(got, "棋盘 1（01-sample）已被删除") {
		t.Errorf("zh judging = %q, want the reason in Chinese", got)
	}
	if got := zh.judging(old); !strings.Contains(got, "board 1 (01-sample) was deleted") {
		t.Errorf("zh judging of an old row = %q, want its stored English reason", got)
	}
	if got := en.judging(withID); !strings.Contains(got, "(board 1 (01-sample) was deleted)") {
		t.Errorf("en judging = %q", got)
	}
}
