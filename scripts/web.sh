#!/usr/bin/env bash
# Aplicação web em SQLite (ou no banco de DATABASE_URL): migra, carrega o exemplo de
# Montenegro se o banco estiver vazio, mostra o endereço e os usuários de demonstração e
# sobe o servidor, com as páginas em português como em produção (DEBUG desligado; ver
# cotas_web/settings/demonstracao.py). Uso: scripts/web.sh [PORTA]   (padrão 8000)
# Os logins de demonstração (senhas publicadas no README) só nascem nas configurações de
# demonstração ou de desenvolvimento, e só num banco ainda sem certame; em outras, nada é
# carregado. O trabalhador da fila (importações grandes, a consulta pública, os arquivos públicos
# de certames grandes: `manage.py trabalhador`) sobe ao lado do servidor e para com ele.
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON_VENV:-.venv/bin/python}"
PORTA="${1:-${PORTA:-8000}}"
export DJANGO_SETTINGS_MODULE="${DJANGO_SETTINGS_MODULE:-cotas_web.settings.demonstracao}"
# O aviso em inglês do runserver ("This is a development server...") não ajuda quem roda a
# demonstração (Django 5.2); em produção o servidor é o gunicorn.
export DJANGO_RUNSERVER_HIDE_WARNING=true

"$PY" manage.py migrate --noinput -v0
"$PY" manage.py limpar_previas -v0 >/dev/null  # prévias de importação esquecidas (dados pessoais)
case "$DJANGO_SETTINGS_MODULE" in
    cotas_web.settings.demonstracao | cotas_web.settings.desenvolvimento)
        "$PY" manage.py carregar_exemplo --se-vazio --demo ;;
    *)
        echo "Configurações $DJANGO_SETTINGS_MODULE: exemplo e logins de demonstração não carregados." ;;
esac
"$PY" manage.py trabalhador --verbosity 0 &
TRABALHADOR=$!
SERVIDOR=""
parar() {  # o servidor e o trabalhador param juntos, seja qual for o que terminou primeiro
    trap - EXIT INT TERM
    kill -TERM $SERVIDOR "$TRABALHADOR" 2>/dev/null || true
    wait $SERVIDOR "$TRABALHADOR" 2>/dev/null || true
}
trap parar EXIT
trap 'parar; exit 130' INT
trap 'parar; exit 143' TERM
echo
echo "Aplicação em http://127.0.0.1:${PORTA}/  (Ctrl+C para parar)"
echo "Trabalhador da fila de tarefas: processo ${TRABALHADOR}."
"$PY" manage.py runserver "127.0.0.1:${PORTA}" --noreload &
SERVIDOR=$!
# (Em segundo plano e com `wait`: o bash só atende o TERM/INT entre comandos; assim o trap roda
# na hora, para os dois.)
wait "$SERVIDOR" || true
