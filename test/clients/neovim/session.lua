-- A scripted Neovim session (Debian's Neovim, headless, its built-in LSP client): open a config, start
-- `sgconf lsp` for it, wait for the diagnostics, ask for the code actions of the fixable one, apply its
-- edit, save, and write what happened as JSON for the test to read.
-- SGCONF_ROOT: the workspace folder (default: the file's); SGCONF_CLEAN=1: the file is expected to have
-- no findings, so the session waits for the server's first report on it rather than for a finding.
local bin, file, out = os.getenv('SGCONF_BIN'), os.getenv('SGCONF_FILE'), os.getenv('SGCONF_OUT')
local root, clean = os.getenv('SGCONF_ROOT') or vim.fn.fnamemodify(file, ':h'), os.getenv('SGCONF_CLEAN') == '1'
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
local reported = false
local publish = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, params, ctx, config)
  if params and params.uri == vim.uri_from_bufnr(bufnr) then reported = true end
  return publish(err, params, ctx, config)
end
local client_id = vim.lsp.start_client({
  name = 'sgconf',
  cmd = { 'node', bin, 'lsp' },
  root_dir = root,
})
vim.lsp.buf_attach_client(bufnr, client_id)
local result = { diagnostics = {}, actions = {}, elsewhere = {} }
local arrived = vim.wait(20000, function()
  if clean then return reported end
  return #vim.diagnostic.get(bufnr) > 0
end, 50)
result.arrived = arrived
-- Findings the server put on other files (a config's function file), by file: it sends them before the
-- file's own report, so they are here now.
for _, d in ipairs(vim.diagnostic.get(nil)) do
  if d.bufnr ~= bufnr then
    local lsp = d.user_data and d.user_data.lsp or {}
    table.insert(result.elsewhere, { file = vim.api.nvim_buf_get_name(d.bufnr), line = d.lnum, col = d.col, code = lsp.code })
  end
end
local fixable
for _, d in ipairs(vim.diagnostic.get(bufnr)) do
  local lsp = d.user_data and d.user_data.lsp or {}
  table.insert(result.diagnostics, { line = d.lnum, col = d.col, code = lsp.code, severity = d.severity, message = d.message, fix = lsp.data ~= nil })
  if lsp.data ~= nil and fixable == nil then fixable = lsp end
end
if fixable then
  local client = vim.lsp.get_client_by_id(client_id)
  local response = client.request_sync('textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = fixable.range,
    context = { diagnostics = { fixable } },
  }, 10000, bufnr)
  for _, action in ipairs((response and response.result) or {}) do
    table.insert(result.actions, action.title)
    if action.edit and not result.applied then
      vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
      result.applied = action.title
    end
  end
  vim.cmd('write')
end
vim.fn.writefile({ vim.fn.json_encode(result) }, out)
vim.lsp.stop_client(client_id)
vim.cmd('qa!')
