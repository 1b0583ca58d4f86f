package service

import (
	"puzzlejudge/judge"
)

// deny returns the error for a viewer refused what: EUNAUTHORIZED for the
// anonymous visitor (logging in may help), EFORBIDDEN for anyone else.
func deny(v judge.User, format string, args ...any) error {
	if v.Anonymous() {
		return judge.Errorf(judge.EUNAUTHORIZED, "this needs a logged-in user")
	}
	return judge.Errorf(judge.EFORBIDDEN, format, args...)
}
