package mcp

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/cyqdb/cyq/cyqerr"
)

// result builds a tool result with structured content and text.
func result(structured any, text string, isError bool) *mcp.CallToolResult {
	r := mcp.NewToolResultStructured(structured, text)
	r.IsError = isError
	return r
}

// ErrorInfo is a structured error for a model to act on.
type ErrorInfo struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Hint    string `json:"hint,omitempty"`
	Fix     string `json:"fix,omitempty"`
}

func errorInfo(err error) ErrorInfo {
	e := cyqerr.As(err)
	if e == nil {
		if err == context.DeadlineExceeded {
			return ErrorInfo{Code: string(cyqerr.LimitExceeded), Message: "the time limit was exceeded", Hint: "add a LIMIT, narrow the pattern, or raise timeout_ms"}
		}
		return ErrorInfo{Code: string(cyqerr.Internal), Message: err.Error()}
	}
	info := ErrorInfo{Code: e.Code(), Message: e.Message, Hint: e.Hint, Fix: e.Fix}
	if e.Pos.IsValid() {
		info.Line, info.Column = e.Pos.Line, e.Pos.Column
	}
	return info
}

func errorText(info ErrorInfo) string {
	s := "error " + info.Code + ": " + info.Message
	if info.Line > 0 {
		s += fmt.Sprintf(" (line %d, column %d)", info.Line, info.Column)
	}
	if info.Hint != "" {
		s += "\nhint: " + info.Hint
	}
	if info.Fix != "" {
		s += "\ncorrected: " + info.Fix
	}
	return s
}

// failure is an error result with {success: false, error}.
func failure(err error, extra map[string]any) *mcp.CallToolResult {
	info := errorInfo(err)
	out := map[string]any{"success": false, "error": info}
	for k, v := range extra {
		out[k] = v
	}
	return result(out, errorText(info), true)
}

// argError is an error result for bad tool arguments.
func argError(format string, args ...any) *mcp.CallToolResult {
	return failure(cyqerr.Compile(cyqerr.ArgumentError, "InvalidArgument", format, args...), nil)
}
