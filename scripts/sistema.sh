#!/usr/bin/env bash
# O que os testes e a aplicação precisam além do Python, em pacotes do Debian, numa lista só:
# - python3-venv: o `make` cria o ambiente virtual (`python3 -m venv`);
# - Pango, HarfBuzz e fontes DejaVu: o PDF (WeasyPrint);
# - chromium e chromium-l10n: os testes de navegador (nunca se baixa navegador pelo Playwright;
#   o chromium-l10n traz a interface em pt-BR, sem ela os campos de data aparecem mm/dd/aaaa);
# - postgresql: os testes web rodam também no PostgreSQL (`scripts/postgres.sh`).
# Pacotes passados como argumentos entram também (`make bench` pede o `wrk`).
# Instala só o que falta; nada a fazer quando já estão presentes.
set -euo pipefail
PACOTES=(
    python3-venv
    libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core
    chromium chromium-l10n
    postgresql
    "$@"
)
faltam=()
for pacote in "${PACOTES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pacote" 2>/dev/null | grep -q "install ok installed"; then
        faltam+=("$pacote")
    fi
done
if [ "${#faltam[@]}" -eq 0 ]; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    SUDO="sudo"
fi
echo "Instalando: ${faltam[*]}" >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${faltam[@]}" >&2
