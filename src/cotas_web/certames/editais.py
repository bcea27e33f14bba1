"""O edital como dado na web (docs/EDITAIS.md): o arquivo do edital enviado (e o do modelo que
ele segue, ou um modelo já guardado na instalação), ou um modelo guardado escolhido com o
número do edital, lidos pelo mesmo leitor da linha de comando, com todos os erros de uma vez,
cada um no campo do formulário a que se refere, com arquivo, linha e coluna. Nada se grava
aqui: o ato que adota o edital (criar o certame, trocar o edital) guarda o modelo novo na
mesma transação (`guardar_modelo`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db.models import QuerySet

from cotas.arquivos.edital import ler_edital_do_texto, ler_modelo_do_texto
from cotas.arquivos.erros import ErrosDeEntrada
from cotas_web.ponte import catalogo, leis

from .models import ModeloDeEdital

if TYPE_CHECKING:
    from cotas_web.ponte.tipos import Edital
    from cotas_web.ponte.tipos import ModeloDeEdital as ModeloLido

# Os campos do formulário a que cada erro vai (forms.ComEdital).
CAMPO_EDITAL = "edital_arquivo"
CAMPO_MODELO = "modelo_arquivo"
CAMPO_ESCOLHIDO = "modelo_guardado"
CAMPO_NUMERO = "edital_numero"
CAMPO_DATA = "data_edital"
# Um edital ou um modelo é um texto curto; um arquivo maior é engano (a planilha da banca).
TAMANHO_MAXIMO = 512 * 1024
ONDE_PROCURAR = "entre os modelos guardados nesta instalação nem no arquivo do modelo enviado"
ONDE_PROCURAR_GUARDADOS = "entre os modelos guardados nesta instalação (envie o arquivo dele)"


@dataclass(frozen=True)
class Enviado:
    """Um arquivo como foi enviado: o nome e o texto (UTF-8, byte a byte: o sha256 do texto
    guardado é o do arquivo)."""

    nome: str
    texto: str

    @property
    def bruto(self) -> bytes:
        return self.texto.encode("utf-8")


@dataclass(frozen=True)
class EditalLido:
    """O edital lido e conferido contra a lei, pronto para o ato que o adota: o texto e o nome
    do arquivo (o que a tela escreveu, se veio do modelo escolhido), o modelo guardado que ele
    segue ou o enviado que ainda não está guardado."""

    edital: Edital
    arquivo: str
    texto: str
    modelo_guardado: ModeloDeEdital | None = None
    modelo_enviado: Enviado | None = None

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.texto.encode("utf-8")).hexdigest()

    @property
    def marca(self) -> str:
        """O que o operador conferiu na tela: o edital e o modelo (outro, confere de novo)."""
        modelo = self.edital.modelo.sha256 if self.edital.modelo is not None else ""
        return hashlib.sha256(f"{self.sha256}:{modelo}".encode()).hexdigest()

    def como_dado(self) -> dict[str, object]:
        """O edital no registro de auditoria: o arquivo, o sha256 e o modelo na versão usada."""
        modelo = self.edital.modelo
        return {
            "norma": self.edital.norma,
            "arquivo": self.arquivo,
            "sha256": self.sha256,
            "modelo": (
                {"id": modelo.id, "versao": modelo.versao, "sha256": modelo.sha256}
                if modelo is not None
                else None
            ),
        }


def modelos_guardados() -> QuerySet[ModeloDeEdital]:
    return ModeloDeEdital.objects.all()


def escolhas_de_modelos() -> list[tuple[str, str]]:
    """Os modelos guardados como o formulário os oferece: "título, versão X (guardado em ...)"."""
    return [
        (m.chave, f"{m.titulo}, versão {m.versao} (guardado em {m.guardado_em:%d/%m/%Y})")
        for m in modelos_guardados()
    ]


def texto_pelo_modelo(modelo: ModeloDeEdital, numero: str, data: date) -> str:
    """O arquivo do edital que só segue o modelo escolhido (sem valores próprios: o que muda, a
    tela informa, com a justificativa): o que o certame guarda e o leitor confere."""

    def texto(valor: str) -> str:
        return json.dumps(valor, ensure_ascii=False)  # (uma string básica do TOML)

    return (
        "# Edital escrito pela aplicação: segue o modelo escolhido e não muda nenhum valor.\n"
        "[edital]\n"
        f"numero = {texto(numero)}\n"
        f"orgao = {texto(modelo.orgao)}\n"
        f"data = {data.isoformat()}\n"
        f"lei = {texto(modelo.lei_id)}\n"
        f"modelo = {texto(modelo.chave)}\n"
    )


def nome_pelo_modelo(numero: str) -> str:
    return f"edital {numero} (escrito a partir do modelo)"


def ler_enviado(nome: str, bruto: bytes, campo: str) -> Enviado:
    """O arquivo enviado como texto; grande demais ou fora do UTF-8, recusado no campo."""
    if len(bruto) > TAMANHO_MAXIMO:
        raise ValidationError(
            {
                campo: f"{nome}: {len(bruto) // 1024} KB; um edital ou um modelo tem até "
                f"{TAMANHO_MAXIMO // 1024} KB (é o arquivo TOML, não a planilha nem o PDF)."
            }
        )
    try:
        return Enviado(nome, bruto.decode("utf-8"))
    except UnicodeDecodeError as exc:
        linha = bruto.count(b"\n", 0, exc.start) + 1
        raise ValidationError(
            {
                campo: f"{nome}, linha {linha}: o arquivo deve estar em UTF-8 (o primeiro "
                "caractere que não é UTF-8 está nessa linha)."
            }
        ) from None


def ler_edital_enviado(
    *,
    edital: Enviado | None,
    modelo: Enviado | None,
    escolhido: str,
    numero: str,
    data: date | None,
) -> EditalLido:
    """O edital do formulário, conferido contra a lei na data dele: o enviado (com o modelo
    enviado ou o guardado que ele diz seguir) ou, sem ele, o que segue o modelo escolhido (ou
    enviado), com o número e a data do formulário. `ValidationError` com todos os erros de
    uma vez, cada um no seu campo, com arquivo, linha e coluna."""
    erros: dict[str, list[str]] = {}
    lido_enviado, conflito = _o_modelo_enviado(modelo, erros)
    candidato = None if conflito else modelo  # (a versão guardada vale; o enviado, recusado)
    guardado = _o_guardado(escolhido, erros)
    if edital is None:
        base = _modelo_para_o_numero(lido_enviado, guardado, modelo, numero, data, erros)
        if base is None or data is None:
            raise ValidationError(erros)
        edital = Enviado(nome_pelo_modelo(numero), texto_pelo_modelo(base, numero, data))
    try:
        lido = ler_edital_do_texto(
            edital.nome,
            edital.bruto,
            catalogo.catalogo(),
            modelos=lambda identificador: _candidatos(identificador, candidato, lido_enviado),
            onde=ONDE_PROCURAR if modelo is not None else ONDE_PROCURAR_GUARDADOS,
        )
    except ErrosDeEntrada as falhas:
        for erro in falhas.erros:
            de_modelo = modelo is not None and erro.arquivo == modelo.nome
            campo = CAMPO_MODELO if de_modelo else _campo_do_edital(edital)
            if str(erro) not in erros.get(campo, []):  # (o do modelo enviado, já dito)
                erros.setdefault(campo, []).append(str(erro))
        for motivo in falhas.nao_conferidos:
            erros.setdefault(_campo_do_edital(edital), []).append(
                f"Não conferido por causa desses erros: {motivo}."
            )
        raise ValidationError(erros) from None
    _conferir_o_modelo_seguido(lido, lido_enviado, escolhido, erros)
    if erros:
        raise ValidationError(erros)
    seguido = lido.modelo
    return EditalLido(
        edital=lido,
        arquivo=edital.nome,
        texto=edital.texto,
        modelo_guardado=(_guardado(seguido.id, seguido.versao) if seguido is not None else None),
        modelo_enviado=(
            modelo
            if seguido is not None
            and lido_enviado is not None
            and lido_enviado.chave == seguido.chave
            and _guardado(seguido.id, seguido.versao) is None
            else None
        ),
    )


def _campo_do_edital(edital: Enviado) -> str:
    """O erro do edital escrito pela aplicação é do modelo escolhido (é dele cada valor)."""
    return CAMPO_ESCOLHIDO if edital.nome.endswith("(escrito a partir do modelo)") else CAMPO_EDITAL


def _o_modelo_enviado(
    modelo: Enviado | None, erros: dict[str, list[str]]
) -> tuple[ModeloLido | None, bool]:
    """O modelo enviado, lido na forma, e se ele briga com a versão guardada: uma versão já
    guardada com outro conteúdo é recusada (uma versão guardada nunca muda: os certames que a
    seguem ficam com ela)."""
    if modelo is None:
        return None, False
    try:
        lido = ler_modelo_do_texto(modelo.nome, modelo.bruto, catalogo.catalogo())
    except ErrosDeEntrada as falhas:
        erros.setdefault(CAMPO_MODELO, []).extend(str(e) for e in falhas.erros)
        return None, False
    guardado = _guardado(lido.id, lido.versao)
    if guardado is not None and guardado.sha256 != lido.sha256:
        erros.setdefault(CAMPO_MODELO, []).append(
            f"{modelo.nome}: o modelo {lido.chave} já está guardado nesta instalação com outro "
            f"conteúdo (sha256 {guardado.sha256[:12]}…, guardado em "
            f"{guardado.guardado_em:%d/%m/%Y}); uma versão guardada nunca muda: dê a este "
            'arquivo outra versão ([modelo] versao = "...").'
        )
        return None, True
    return lido, False


def _o_guardado(escolhido: str, erros: dict[str, list[str]]) -> ModeloDeEdital | None:
    if not escolhido:
        return None
    identificador, _, versao = escolhido.rpartition("@")
    guardado = _guardado(identificador, versao)
    if guardado is None:
        erros.setdefault(CAMPO_ESCOLHIDO, []).append(
            f"O modelo {escolhido} não está guardado nesta instalação."
        )
    return guardado


def _modelo_para_o_numero(
    lido_enviado: ModeloLido | None,
    guardado: ModeloDeEdital | None,
    modelo: Enviado | None,
    numero: str,
    data: date | None,
    erros: dict[str, list[str]],
) -> ModeloDeEdital | None:
    """Sem o arquivo do edital: o modelo (o escolhido ou o enviado), o número e a data do
    edital fazem o edital que só segue o modelo. Devolve o modelo como uma linha do banco
    (ainda não gravada, se enviado) para escrever o edital."""
    if modelo is None and guardado is None and not erros:
        erros.setdefault(CAMPO_EDITAL, []).append(
            "Envie o arquivo do edital ou escolha o modelo de edital que ele segue."
        )
    if lido_enviado is not None and guardado is not None and lido_enviado.chave != guardado.chave:
        erros.setdefault(CAMPO_ESCOLHIDO, []).append(
            f"Escolha o modelo guardado ou envie o arquivo de um modelo, não os dois: o enviado é "
            f"{lido_enviado.chave}, o escolhido {guardado.chave}."
        )
    if not numero.strip():
        erros.setdefault(CAMPO_NUMERO, []).append(
            "Sem o arquivo do edital, informe o número do edital (ex.: 93/2026): as razões o "
            "citam, com o item do modelo."
        )
    if data is None:
        erros.setdefault(CAMPO_DATA, []).append(
            "Sem o arquivo do edital, informe a data de publicação do edital (decide a lei)."
        )
    if erros:
        return None
    if guardado is not None:
        return guardado
    assert lido_enviado is not None
    return ModeloDeEdital(
        identificador=lido_enviado.id,
        versao=lido_enviado.versao,
        orgao=lido_enviado.orgao,
        lei_id=lido_enviado.lei,
    )


def _candidatos(
    identificador: str, modelo: Enviado | None, lido_enviado: ModeloLido | None
) -> Iterable[tuple[str, bytes]]:
    """Onde o leitor procura o modelo que o edital segue: o enviado (se é daquele id) e as
    versões guardadas do id, menos a do enviado (a mesma, já conferida pelo sha256)."""
    # (O enviado ilegível também: o leitor diz o erro dele em vez de "não encontrado".)
    enviado = modelo is not None and (lido_enviado is None or lido_enviado.id == identificador)
    if modelo is not None and enviado:
        yield modelo.nome, modelo.bruto
    for guardado in ModeloDeEdital.objects.filter(identificador=identificador):
        if lido_enviado is not None and enviado and guardado.versao == lido_enviado.versao:
            continue
        yield guardado.arquivo, guardado.texto.encode("utf-8")


def _conferir_o_modelo_seguido(
    lido: Edital,
    lido_enviado: ModeloLido | None,
    escolhido: str,
    erros: dict[str, list[str]],
) -> None:
    """O modelo enviado ou escolhido tem de ser o que o edital segue (nenhum vale em silêncio
    ao lado de outro)."""
    seguido = lido.modelo.chave if lido.modelo is not None else None
    o_edital = f"o {lido.norma} segue {seguido}" if seguido else f"o {lido.norma} não segue modelo"
    if lido_enviado is not None and lido_enviado.chave != seguido:
        erros.setdefault(CAMPO_MODELO, []).append(
            f"O modelo enviado é {lido_enviado.chave}, mas {o_edital} "
            '([edital] modelo = "<id>@<versão>").'
        )
    if escolhido and escolhido != seguido:
        erros.setdefault(CAMPO_ESCOLHIDO, []).append(
            f"O modelo escolhido é {escolhido}, mas {o_edital}."
        )


def _guardado(identificador: str, versao: str) -> ModeloDeEdital | None:
    return ModeloDeEdital.objects.filter(identificador=identificador, versao=versao).first()


def guardar_modelo(usuario: User, lido: EditalLido) -> ModeloDeEdital | None:
    """O modelo que o edital segue, guardado na instalação se veio no arquivo enviado (no ato
    que adota o edital, na transação dele); None se o edital não segue modelo."""
    if lido.modelo_guardado is not None:
        return lido.modelo_guardado
    modelo, enviado = lido.edital.modelo, lido.modelo_enviado
    if modelo is None or enviado is None:
        return None
    return ModeloDeEdital.objects.create(
        identificador=modelo.id,
        versao=modelo.versao,
        titulo=modelo.titulo,
        orgao=modelo.orgao,
        lei_id=modelo.lei,
        arquivo=enviado.nome,
        texto=enviado.texto,
        sha256=modelo.sha256,
        usuario=usuario,
    )


def mesmo_valor(tipo: str, a: object, b: object) -> bool:
    """Se dois valores de um parâmetro (como o motor os recebe) são o mesmo: percentuais pelo
    número, listas de escolhas sem ordem, ordens de destino em ordem."""
    if tipo == "percentual":
        try:
            return Decimal(str(a)) == Decimal(str(b))
        except InvalidOperation:
            return False
    if tipo in ("lista", "reversao"):
        uma = [str(v) for v in (a if isinstance(a, list | tuple) else [a])]
        outra = [str(v) for v in (b if isinstance(b, list | tuple) else [b])]
        return sorted(uma) == sorted(outra) if tipo == "lista" else uma == outra
    if tipo == "booleano":
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    return str(a) == str(b)


def assuntos_na_tela(edital: Edital) -> list[Any]:
    """Os valores do edital por assunto, nas palavras da lei (`valores_por_assunto`), cada valor
    escrito como as telas o escrevem (`valor_na_tela`)."""
    from dataclasses import replace

    return [
        replace(
            assunto,
            itens=tuple(
                replace(item, valor=valor_na_tela(item, edital.valores[item.nome].valor))
                for item in assunto.itens
            ),
        )
        for assunto in leis.assuntos_do_edital(edital)
    ]


def valor_na_tela(item: Any, bruto: object) -> str:
    """O valor de um item do edital como as telas da aplicação o escrevem (os mesmos rótulos
    das escolhas do formulário: "pessoas indígenas → ampla concorrência", "análise de
    documentos"); números e percentuais, como o motor os escreve ("25%")."""
    from cotas_web.contas.templatetags.formatos import valor_por_extenso

    if isinstance(bruto, list | tuple) or (isinstance(bruto, str) and not _numero(bruto)):
        return valor_por_extenso(bruto)
    return str(item.valor)


def _numero(texto: str) -> bool:
    try:
        Decimal(texto)
    except InvalidOperation:
        return False
    return True
