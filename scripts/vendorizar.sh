#!/usr/bin/env bash
# Os arquivos de terceiros que o projeto guarda no repositório (commitados com a licença de cada
# um), refeitos a partir dos pacotes npm de versão fixa, conferidos pelo sha512:
# - @govbr-ds/core (MIT, SERPRO): o CSS do Padrão Digital de Governo (gov.br), servido pela web
#   em src/cotas_web/identidade/static/govbr/;
# - @fontsource-variable/raleway (OFL-1.1): a Raleway, de que a Rawline do gov.br deriva (a Rawline
#   não está no npm), no subconjunto latino, em src/cotas_web/identidade/static/fontes/;
# - axe-core (MPL-2.0, Deque): o verificador de acessibilidade que os testes de navegador injetam
#   nas páginas, em tests/navegador/axe/ (com a tradução pt-BR das mensagens).
# Não roda no `make install`: os arquivos já estão no repositório, e a instalação não depende da
# rede do npm. Rode-o só para trocar de versão (mude a versão e o sha512 juntos).
set -euo pipefail
RAIZ="$(cd "$(dirname "$0")/.." && pwd)"
GOVBR="@govbr-ds/core@3.7.0"
GOVBR_SHA512="abad3f2d765c07fa220113f9ee04c8df8f2aef92e9ddf96938b4c057295cc47482a2dc22c9aee45ad8170f28cf63c32c9dff5e178f9f1e546a56ef2ce051443b"
RALEWAY="@fontsource-variable/raleway@5.3.0"
RALEWAY_SHA512="69257693e57a673fa8774747a413b3915c44ce68047625dcc437da9eddfd8cb3b1f93f3d7627a5411ad9ca5ba4c0adc5a7e158db9e603eacfaeebb8e7ecd6ba8"
AXE="axe-core@4.14.1"
AXE_SHA512="1477dafa598d8d065f273d6af302aa203c02e83131707b7fa648cd41bd3d6b734f8c22a0dab86ee6a6f64b8afbe804b214d36db85a2826965edfb3a0b9d546b5"

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

baixar() {  # pacote sha512 → pasta com o pacote aberto
    local pacote="$1" esperado="$2" arquivo
    arquivo="$(cd "$TMP" && npm pack --silent "$pacote")"
    echo "$esperado  $TMP/$arquivo" | sha512sum --check --quiet
    mkdir -p "$TMP/${arquivo%.tgz}"
    tar xzf "$TMP/$arquivo" -C "$TMP/${arquivo%.tgz}"
    echo "$TMP/${arquivo%.tgz}/package"
}

origem="$(baixar "$GOVBR" "$GOVBR_SHA512")"
destino="$RAIZ/src/cotas_web/identidade/static/govbr"
mkdir -p "$destino"
# (Sem a linha do sourceMappingURL: o mapa não vem junto, e o manifesto do collectstatic o exigiria.)
sed "/sourceMappingURL/d" "$origem/dist/core.min.css" > "$destino/core.min.css"
cp "$origem/LICENSE" "$destino/"
echo "$GOVBR" > "$destino/VERSAO"

origem="$(baixar "$RALEWAY" "$RALEWAY_SHA512")"
destino="$RAIZ/src/cotas_web/identidade/static/fontes"
mkdir -p "$destino"
cp "$origem/files/raleway-latin-wght-normal.woff2" "$destino/"
cp "$origem/LICENSE" "$destino/LICENSE-raleway"
echo "$RALEWAY" > "$destino/VERSAO"

origem="$(baixar "$AXE" "$AXE_SHA512")"
destino="$RAIZ/tests/navegador/axe"
mkdir -p "$destino"
cp "$origem/axe.min.js" "$origem/LICENSE" "$origem/locales/pt_BR.json" "$destino/"
echo "$AXE" > "$destino/VERSAO"
echo "Arquivos de terceiros atualizados: $GOVBR, $RALEWAY, $AXE."
