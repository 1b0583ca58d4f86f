package pages

import (
	"bytes"

	"net/http"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/web/httpx"
)

// usersView is the accounts page: every account, the forms, and the
// passwords just generated (shown on this answer only, never stored).
type usersView struct {
	Users   []judge.User
	Created []judge.CreatedUser
	Error   string
}

func (p *Pages) usersPage(c *gin.Context) {
	if _, ok := p.needTo(judge.CanManageAccounts)(c); !ok {
		return
	}
	p.showUsers(c, http.StatusOK, usersView{})
}

func (p *Pages) showUsers(c *gin.Context, status int, data usersView) {
	users, err := p.Service.Users(c.Request.Context(), httpx.Viewer(c))
	if err != nil {
		p.fail(c, err)
		return
	}
	data.Users = users
	p.render(c, status, "users", p.tr(c, "nav_accounts"), data)
}

// usersError shows the accounts page with the error of a form, or the
// error page for what is not the form's fault.
func (p *Pages) usersError(c *gin.Context, err error) {
	if st, ok := p.formError(c, err); ok {
		p.showUsers(c, st, usersView{Error: p.errorText(c, err)})
	}
}

// createUsers creates one account from the form, or many from an uploaded
// CSV file; the generated passwords are shown once on the answer.
func (p *Pages) createUsers(c *gin.Context) {
	u, ok := p.needTo(judge.CanManageAccounts)(c)
	if !ok {
		return
	}
	ctx := c.Request.Context()
	role := judge.Role(c.PostForm("role"))
	var made []judge.CreatedUser
	var err error
	data, ferr := httpx.FormFile(c, "file", httpx.MaxBodyBytes)
	if ferr != nil {
		p.fail(c, ferr)
		return
	}
	if data != nil {
		var specs []judge.UserSpec
		if specs, err = service.ParseUserCSV(bytes.NewReader(data)); err == nil {
			made, err = p.Service.CreateUsers(ctx, u, specs, role)
		}
	} else {
		var one judge.CreatedUser
		one, err = p.Service.CreateUser(ctx, u, c.PostForm("username"), c.PostForm("password"), role)
		made = []judge.CreatedUser{one}
	}
	if err != nil {
		p.usersError(c, err)
		return
	}
	p.logger().Info("accounts created", "by", u.Username, "count", len(made))
	p.showUsers(c, http.StatusCreated, usersView{Created: made})
}

// updateUser changes a role or enables and disables an account.
func (p *Pages) updateUser(c *gin.Context) {
	u, ok := p.needTo(judge.CanManageAccounts)(c)
	if !ok {
		return
	}
	id, _ := pathInt(c, "id")
	var patch judge.UserPatch
	if r := c.PostForm("role"); r != "" {
		role := judge.Role(r)
		patch.Role = &role
	}
	switch c.PostForm("disabled") {
	case "true":
		t := true
		patch.Disabled = &t
	case "false":
		f := false
		patch.Disabled = &f
	}
	changed, err := p.Service.UpdateUser(c.Request.Context(), u, id, patch)
	if err != nil {
		p.usersError(c, err)
		return
	}
	l := p.localeOf(c)
	state := l.text("users_state_enabled")
	if changed.Disabled {
		state = l.text("tag_disabled")
	}
	p.redirect(c, "/users", l.text("flash_user_changed", "User", changed.Username, "Role", l.text("role_"+string(changed.Role)), "State", state))
}

// resetPassword gives an account a new generated password, shown once.
func (p *Pages) resetPassword(c *gin.Context) {
	u, ok := p.needTo(judge.CanManageAccounts)(c)
	if !ok {
		return
	}
	id, _ := pathInt(c, "id")
	pw, err := p.Service.ResetPassword(c.Request.Context(), u, id, "")
	if err != nil {
		p.usersError(c, err)
		return
	}
	var who judge.User
	if users, err := p.Service.Users(c.Request.Context(), u); err == nil {
		for _, x := range users {
			if x.ID == id {
				who = x
			}
		}
	}
	p.showUsers(c, http.StatusOK, usersView{Created: []judge.CreatedUser{{User: who, Password: pw}}})
}

// passwordView is the form to change one's own password.
type passwordView struct{ Error string }

func (p *Pages) passwordForm(c *gin.Context) {
	if _, ok := p.needUser(c); !ok {
		return
	}
	p.render(c, http.StatusOK, "password", p.tr(c, "password_title"), passwordView{})
}

// changePassword changes the user's own password; this browser stays logged
// in, every other session of the account ends.
func (p *Pages) changePassword(c *gin.Context) {
	u, ok := p.needUser(c)
	if !ok {
		return
	}
	if c.PostForm("new_password") != c.PostForm("confirm") {
		p.render(c, http.StatusBadRequest, "password", p.tr(c, "password_title"), passwordView{Error: p.tr(c, "error_new_passwords_differ")})
		return
	}
	token := ""
	if ck, err := c.Request.Cookie(sessionCookie); err == nil {
		token = ck.Value
	}
	err := p.Service.ChangePassword(c.Request.Context(), u, token, c.PostForm("old_password"), c.PostForm("new_password"))
	if err != nil {
		if st, ok := p.formError(c, err); ok {
			p.render(c, st, "password", p.tr(c, "password_title"), passwordView{Error: p.errorText(c, err)})
		}
		return
	}
	p.redirect(c, "/", p.tr(c, "flash_password_changed"))
}
