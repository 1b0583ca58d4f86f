package httpx

import (
	"io"
	"testing"

	"puzzlejudge/judge"
)

func TestStatusTable(t *testing.T) {
	tests := []struct {
		err  error
		want int
	}{
		{judge.Errorf(judge.EINVALID, "x"), 400},
		{judge.Errorf(judge.EUNAUTHORIZED, "x"), 401},
		{judge.Errorf(judge.EFORBIDDEN, "x"), 403},
		{judge.Errorf(judge.ENOTFOUND, "x"), 404},
		{judge.Errorf(judge.ECONFLICT, "x"), 409},
		{judge.Errorf(ETOOLARGE, "x"), 413},
		{judge.Errorf(ERATELIMITED, "x"), 429},
		{judge.Errorf(judge.EINTERNAL, "x"), 500},
		{judge.Errorf("something new", "x"), 500},
		{io.ErrUnexpectedEOF, 500},
	}
	for _, tc := range tests {
		if got := StatusOf(tc.err); got != tc.want {
			t.Errorf("StatusOf(%v) = %d, want %d", tc.err, got, tc.want)
		}
	}
}
