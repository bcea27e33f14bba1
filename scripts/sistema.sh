#!/usr/bin/env bash
# Bibliotecas do sistema para o PDF (WeasyPrint): Pango e fontes DejaVu, do Debian.
# Instala só o que falta; nada a fazer quando já estão presentes.
set -euo pipefail
PACOTES=(libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core)
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
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${faltam[@]}"
