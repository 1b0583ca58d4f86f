package judge

import (
	"errors"
	"fmt"
	"time"
)

// Error codes of the domain; web/ maps them to HTTP statuses in one table.
const (
	EINVALID      = "invalid"
	ENOTFOUND     = "not_found"
	ECONFLICT     = "conflict"
	EFORBIDDEN    = "forbidden"
	EUNAUTHORIZED = "unauthorized"
	// EUNAVAILABLE is a passing failure of the judge's resources (the
	// storage is full): the request may succeed later, unchanged.
	EUNAVAILABLE = "unavailable"
	EINTERNAL    = "internal"
	// ERATELIMITED: the user is doing too much at once; try again later.
	ERATELIMITED = "rate_limited"
	// EBUSY: the server has no capacity for this now; try again later.
	EBUSY = "busy"
	// EHIDDENBOARD: a /check board that is a hidden case of a problem (up
	// to the puzzle's symmetries); its moves go to the problem instead.
	EHIDDENBOARD = "hidden_board"
	// EREGISTRATIONCODE: the course code needed to register is missing or wrong.
	EREGISTRATIONCODE = "registration_code"
	// ETOOLARGE: what was sent is over a size limit (a request body, a
	// program's source over its problem's limits.code).
	ETOOLARGE = "too_large"
)

// Error is an error a user may see: a code and a plain message. Any other
// error is internal and is shown as "internal error".
type Error struct {
	Code    string
	Message string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s: %s", e.Code, e.Message)
}

// Errorf returns an *Error with code and a formatted message.
func Errorf(code string, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// ErrorCode returns the code of err: "" for nil, the Code of a *Error found
// with errors.As, EINTERNAL otherwise.
func ErrorCode(err error) string {
	return errorPart(err, func(e *Error) string { return e.Code }, EINTERNAL)
}

// ErrorMessage returns the message of err that a user may read: the Message of
// a *Error, "internal error" otherwise.
func ErrorMessage(err error) string {
	return errorPart(err, func(e *Error) string { return e.Message }, "internal error")
}

// errorPart returns part of the *Error in err, or other when err holds
// none; "" for nil.
func errorPart(err error, part func(*Error) string, other string) string {
	var e *Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &e):
		return part(e)
	}
	return other
}

// RetryError is an error that a caller may try again after After: a full
// solver pool (EBUSY) or a user's own solve still running (ERATELIMITED).
// It unwraps to its *Error, so ErrorCode and ErrorMessage see through it;
// the HTTP layer turns After into a Retry-After header.
type RetryError struct {
	Err   *Error
	After time.Duration
}

func (e *RetryError) Error() string { return e.Err.Error() }

func (e *RetryError) Unwrap() error { return e.Err }
