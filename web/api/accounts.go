package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
	"puzzlejudge/web/wire"
)

// credentials are the username and password that the bodies of
// POST /register and POST /tokens start with.
type credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// tokenRequest is the body of POST /tokens; name is optional and shows in
// GET /tokens.
type tokenRequest struct {
	credentials
	Name string `json:"name"`
}

// userJSON is a user as the API shows it (wire.User, which pj reads too).
type userJSON = wire.User

func toUserJSON(u judge.User) userJSON {
	return userJSON{ID: u.ID, Username: u.Username, Role: u.Role}
}

// registerRequest is the body of POST /register; code is the course code,
// needed when the server sets registration_code.
type registerRequest struct {
	credentials
	Code string `json:"code"`
}

// register creates a student account when registration is open, at most
// Options.Registrations a minute from one address. The service decides;
// asking it before reading the body keeps a closed registration's answer
// 403 whatever is sent.
func (s *API) register(c *gin.Context) {
	if !judge.CanSignUp(httpx.Viewer(c), s.Service.RegistrationOpen()) {
		s.fail(c, judge.EFORBIDDEN, "registration is closed: ask an instructor for an account")
		return
	}
	if ok, wait := s.Options.Registrations.Take(c.ClientIP()); !ok {
		s.writeError(c, httpx.RateLimited(wait, "too many registrations from this address: at most %d a minute, try again in %d s", s.Options.Registrations.PerMinute()))
		return
	}
	var req registerRequest
	if !s.readJSON(c, &req) {
		return
	}
	u, err := s.Service.SignUp(c.Request.Context(), httpx.Viewer(c), req.Username, req.Password, req.Code)
	if err != nil {
		s.writeError(c, err)
		return
	}
	s.Logger.Info("user registered", "user", u.Username, "id", u.ID)
	c.JSON(http.StatusCreated, toUserJSON(u))
}

// tokenJSON is the answer of POST /tokens (wire.Token, which pj reads).
type tokenJSON = wire.Token

// createToken checks a username and password and issues an API token.
func (s *API) createToken(c *gin.Context) {
	var req tokenRequest
	if !s.readJSON(c, &req) {
		return
	}
	u, err := s.login(c, req.Username, req.Password)
	if err != nil {
		s.writeError(c, err)
		return
	}
	token, err := s.Service.IssueToken(c.Request.Context(), u.ID, req.Name)
	s.answer(c, http.StatusCreated, err, func() any { return tokenJSON{Token: token, User: toUserJSON(u)} })
}

// login checks a username and password through the login limiter
// (Options.Logins), for POST /tokens and the Contest API's basic
// authentication: the user, or the limiter's refusal (429 with its wait),
// or the check's error.
func (s *API) login(c *gin.Context, username, password string) (judge.User, error) {
	ctx := c.Request.Context()
	succeeded, wait, err := s.Options.Logins.Begin(ctx, username, c.ClientIP())
	if err != nil {
		return judge.User{}, err
	}
	if wait > 0 {
		return judge.User{}, httpx.RateLimited(wait, "too many failed logins for this username from this address, or from this address: try again in %d s")
	}
	u, err := s.Service.Authenticate(ctx, username, password)
	if err != nil {
		return judge.User{}, err
	}
	succeeded()
	return u, nil
}

// revokeToken deletes the Bearer token of the request (a script's logout):
// 204, and the token is refused from then on.
func (s *API) revokeToken(c *gin.Context) {
	token, _ := bearerToken(c.GetHeader("Authorization"))
	s.noContent(c, s.Service.RevokeToken(c.Request.Context(), token))
}
