package pages

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"

	"puzzlejudge/judge"
)

var updateJudge = flag.Bool("update-judge", false, "rewrite locales/judge.en.toml from judge.Messages")

// judgeEnglishTOML is the English catalogue of the judge's messages as
// judge.Messages declares them: one judge_<id> a message, a plural table
// for those with a form for one.
func judgeEnglishTOML() []byte {
	var b bytes.Buffer
	b.WriteString("# The judge's messages in English (judge.Messages, judge/messages_text.go).\n")
	b.WriteString("# Written by `go test ./web/pages -run TestJudgeCatalogueEnglish -update-judge`: edit judge/messages_text.go, not this file.\n")
	for _, m := range judge.Messages() {
		b.WriteString("judge_" + string(m.ID) + " = ")
		if m.One != "" {
			b.WriteString("{ one = " + tomlString(m.One) + ", other = " + tomlString(m.Other) + " }\n")
			continue
		}
		b.WriteString(tomlString(m.Other) + "\n")
	}
	return b.Bytes()
}

// tomlString quotes s as a TOML basic string, whose escapes are JSON's.
func tomlString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}

// TestJudgeCatalogueEnglish holds locales/judge.en.toml to the judge's own
// English texts, so that an English page says exactly what the API says.
func TestJudgeCatalogueEnglish(t *testing.T) {
	const file = "locales/judge.en.toml"
	want := judgeEnglishTOML()
	if *updateJudge {
		if err := os.WriteFile(file, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from judge.Messages; run go test ./web/pages -run TestJudgeCatalogueEnglish -update-judge", file)
	}
}

// TestJudgeCatalogueArguments: every catalogue's text of a judge message
// names only arguments that the English text names, so that no message
// the corpus tests do not reach can show "<no value>".
func TestJudgeCatalogueArguments(t *testing.T) {
	names := func(s string) map[string]bool {
		out := map[string]bool{}
		for _, m := range regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`).FindAllStringSubmatch(s, -1) {
			out[m[1]] = true
		}
		return out
	}
	english := map[string]map[string]bool{}
	for _, m := range judge.Messages() {
		english["judge_"+string(m.ID)] = names(m.One + " " + m.Other)
	}
	for _, lang := range judge.PageLanguages {
		for file, raw := range catalogueRaw(t, lang) {
			for id, v := range raw {
				want, ok := english[id]
				if !ok {
					continue
				}
				var texts []string
				switch v := v.(type) {
				case string:
					texts = append(texts, v)
				case map[string]any:
					for _, f := range v {
						if s, ok := f.(string); ok {
							texts = append(texts, s)
						}
					}
				}
				for _, s := range texts {
					for n := range names(s) {
						if !want[n] {
							t.Errorf("%s: %s names {{.%s}}, which the judge's message does not have", file, id, n)
						}
					}
				}
			}
		}
	}
}
