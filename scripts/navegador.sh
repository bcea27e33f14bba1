#!/usr/bin/env bash
# Instala o Chromium do Debian (/usr/bin/chromium) para os testes de navegador.
# Nunca baixa navegador pelo Playwright: usa apenas o pacote `chromium` do Debian.
set -euo pipefail
# chromium-l10n traz o idioma pt-BR da interface: sem ele, os campos de data aparecem mm/dd/aaaa.
if [ -x /usr/bin/chromium ] && [ -e /usr/lib/chromium/locales/pt-BR.pak ]; then
    echo "Chromium já instalado: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
    exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium chromium-l10n fonts-dejavu-core >/dev/null
echo "Chromium instalado: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
