package wire

import "puzzlejudge/judge"

// User is a user as the API shows it to that user: the answer of
// POST /register, the user of a token, and the first fields of an account
// as instructors see it.
type User struct {
	ID       int64      `json:"id"`
	Username string     `json:"username"`
	Role     judge.Role `json:"role"`
}

// Token is the answer of POST /tokens: the new API token and whose it is.
// pj saves the token and shows the user.
type Token struct {
	Token string `json:"token"`
	User  User   `json:"user"`
}
