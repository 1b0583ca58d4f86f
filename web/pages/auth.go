package pages

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// authView is the data of the login and registration forms; what the user
// typed (but never the password) comes back with the error.
type authView struct {
	Username         string
	Next             string
	Error            string
	RegistrationOpen bool
	// NeedsCode shows the course-code field of the registration form.
	NeedsCode bool
}

func (p *Pages) loginForm(c *gin.Context) {
	p.render(c, http.StatusOK, "login", p.tr(c, "login_title"), authView{Next: safeNext(c.Query("next")), RegistrationOpen: p.Service.RegistrationOpen()})
}

// login checks the password, then opens a session holding a fresh API token.
func (p *Pages) login(c *gin.Context) {
	v := authView{Username: c.PostForm("username"), Next: safeNext(c.PostForm("next")), RegistrationOpen: p.Service.RegistrationOpen()}
	ctx := c.Request.Context()
	succeeded, wait, err := p.Logins.Begin(ctx, v.Username, c.ClientIP())
	if err != nil {
		p.fail(c, err)
		return
	}
	if wait > 0 {
		secs := httpx.SetRetryAfter(c, wait)
		v.Error = p.tr(c, "error_too_many_logins", "Seconds", secs)
		p.render(c, http.StatusTooManyRequests, "login", p.tr(c, "login_title"), v)
		return
	}
	u, err := p.Service.Authenticate(ctx, v.Username, c.PostForm("password"))
	if err != nil {
		if judge.ErrorCode(err) == judge.EINTERNAL {
			p.fail(c, err)
			return
		}
		// One message for an unknown user and a wrong password, as the
		// service does, so the form does not tell which usernames exist.
		v.Error = p.tr(c, "error_wrong_login")
		p.render(c, http.StatusUnauthorized, "login", p.tr(c, "login_title"), v)
		return
	}
	succeeded()
	if !p.openSession(c, u) {
		return
	}
	p.redirect(c, v.Next, p.tr(c, "flash_welcome_back", "User", u.Username))
}

func (p *Pages) registerForm(c *gin.Context) {
	p.render(c, http.StatusOK, "register", p.tr(c, "register_title"), authView{RegistrationOpen: p.Service.RegistrationOpen(), NeedsCode: p.Service.RegistrationNeedsCode()})
}

// register creates a student account and logs it in.
func (p *Pages) register(c *gin.Context) {
	v := authView{Username: c.PostForm("username"), RegistrationOpen: p.Service.RegistrationOpen(), NeedsCode: p.Service.RegistrationNeedsCode()}
	if !judge.CanSignUp(httpx.Viewer(c), p.Service.RegistrationOpen()) {
		p.render(c, http.StatusForbidden, "register", p.tr(c, "register_title"), v)
		return
	}
	if ok, wait := p.Registrations.Take(c.ClientIP()); !ok {
		secs := httpx.SetRetryAfter(c, wait)
		v.Error = p.tr(c, "error_too_many_registrations", "Count", p.Registrations.PerMinute(), "Seconds", secs)
		p.render(c, http.StatusTooManyRequests, "register", p.tr(c, "register_title"), v)
		return
	}
	if c.PostForm("password") != c.PostForm("password2") {
		v.Error = p.tr(c, "error_passwords_differ")
		p.render(c, http.StatusBadRequest, "register", p.tr(c, "register_title"), v)
		return
	}
	u, err := p.Service.SignUp(c.Request.Context(), httpx.Viewer(c), v.Username, c.PostForm("password"), c.PostForm("code"))
	if err != nil {
		if status, ok := p.formError(c, err); ok {
			v.Error = p.errorText(c, err)
			p.render(c, status, "register", p.tr(c, "register_title"), v)
		}
		return
	}
	if !p.openSession(c, u) {
		return
	}
	p.redirect(c, "/", p.tr(c, "flash_welcome", "User", u.Username))
}

// openSession issues an API token for u and keeps it in the session cookie.
func (p *Pages) openSession(c *gin.Context, u judge.User) bool {
	token, err := p.Service.IssueToken(c.Request.Context(), u.ID, "web session")
	if err != nil {
		p.fail(c, err)
		return false
	}
	p.startSession(c, token)
	return true
}

// logout revokes the session's token, so that a copy of the cookie (kept by
// a shared computer, a proxy log) is worth nothing, and makes the browser
// forget it.
func (p *Pages) logout(c *gin.Context) {
	if ck, err := c.Request.Cookie(sessionCookie); err == nil && ck.Value != "" {
		if err := p.Service.RevokeToken(c.Request.Context(), ck.Value); err != nil && judge.ErrorCode(err) != judge.EUNAUTHORIZED {
			p.fail(c, err)
			return
		}
	}
	p.endSession(c)
	p.redirect(c, "/", p.tr(c, "flash_logged_out"))
}
