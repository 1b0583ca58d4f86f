package judge

import (
	"errors"
	"fmt"
	"testing"
)

func TestErrort(t *testing.T) {
	inner := Errort(EINVALID, "duration_column", "column {Col}: {Text}: want h:mm:ss", "Col", 2, "Text", `"1:x"`)
	tests := []struct {
		name string
		err  *Error
		want string
	}{
		{"no arguments", Errort(EUNAUTHORIZED, "wrong_login", "wrong username or password"), "wrong username or password"},
		{"values", Errort(ETOOLARGE, "source_too_large", "the source has {Bytes} bytes; problem {Slug} takes at most {Limit} KiB", "Bytes", 70000, "Slug", "flood", "Limit", 64),
			"the source has 70000 bytes; problem flood takes at most 64 KiB"},
		{"an error's message", Errort(EINVALID, "contest_duration", "duration: {Err}", "Err", inner), `duration: column 2: "1:x": want h:mm:ss`},
		{"an internal error", Errort(EINVALID, "contest_duration", "duration: {Err}", "Err", errors.New("disk on fire")), "duration: internal error"},
		{"a judge message", Errort(EINVALID, "contest_duration", "duration: {Err}", "Err", M("at_line", "Line", 3, "Text", M("floodit_negative_colour"))),
			"duration: line 3: colours are not negative"},
		{"a brace that is no argument", Errort(EINVALID, "x", "set {Missing} and {Name}", "Name", "n"), "set {Missing} and n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.err.Message != tc.want {
				t.Errorf("Message = %q, want %q", tc.err.Message, tc.want)
			}
			if got := ErrorMessage(fmt.Errorf("wrapped: %w", tc.err)); got != tc.want {
				t.Errorf("ErrorMessage = %q, want %q", got, tc.want)
			}
			if tc.err.ID == "" || tc.err.Args == nil {
				t.Errorf("ID %q, Args %v: want the message id and its arguments", tc.err.ID, tc.err.Args)
			}
		})
	}
	if inner.Args["Col"] != 2 {
		t.Errorf("Args[Col] = %v, want 2", inner.Args["Col"])
	}
}

// TestErrorm: an error that says a judge message has the message's
// English as its Message and keeps the message for the faces.
func TestErrorm(t *testing.T) {
	m := M("at_line_col", "Line", 2, "Col", 4, "Text", M("floodit_negative_colour"))
	err := Errorm(EINVALID, m)
	if want := "line 2, column 4: colours are not negative"; err.Message != want || m.Text() != want {
		t.Errorf("Message = %q, want %q", err.Message, want)
	}
	if err.Code != EINVALID || err.ID != "" || err.Msg.ID != "at_line_col" || err.Msg.ArgsJSON() != m.ArgsJSON() {
		t.Errorf("Errorm = %+v, want code invalid and the message kept", err)
	}
}
