"""O edital como dado: os valores que a lei deixa ao edital, cada um com o item que o diz.

Um edital (ou um modelo de edital: o padrão de um órgão ou de uma banca, com versão) declara os
valores que a lei deixa em aberto na data dele e os que ele eleva dentro dos limites da lei (um
percentual acima do mínimo da lei). O edital que segue um modelo herda os valores dele e diz só
o que muda; guarda a versão que usou. Aqui, sem E/S: conferir cada valor contra a lei na data do
edital (`conferir_edital`, todos os problemas de uma vez, cada um com as duas citações), os
valores como `regras_aplicaveis(informados=...)` os recebe, citados como do edital
(`informados_do_edital`), e os valores por assunto, com as palavras da lei, para uma tela
(`valores_por_assunto`). A leitura dos arquivos está em `cotas.arquivos.edital`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from cotas.motor.erros import ErroCotas, LeiInvalida, ParametrosDesconhecidos
from cotas.motor.glossario import AMPLA, rotulo
from cotas.motor.legislacao import (
    ESPECIFICACOES,
    Catalogo,
    Lei,
    ValorDatado,
    especificacao_de,
)
from cotas.motor.minimo import eleva_o_minimo
from cotas.motor.razoes import Referencia
from cotas.motor.regras import (
    QUESTOES_ABERTAS_DO_GRUPO,
    conferir_informavel,
    parametros_da_contagem,
    regras_aplicaveis,
)
from cotas.motor.regras_do_edital import RegrasDoEdital


@dataclass(frozen=True)
class ValorDoEdital:
    """Um valor que o edital (ou o modelo) diz: o parâmetro da lei, o valor, o item e as
    palavras do edital. `do_modelo`: herdado do modelo que o edital segue."""

    nome: str
    valor: object
    item: str  # "item 4.1"
    texto: str
    do_modelo: bool = False


@dataclass(frozen=True)
class ModeloDeEdital:
    """O edital padrão de um órgão ou de uma banca, numa versão: um edital o segue
    (`modelo = "<id>@<versão>"`) e diz só o que muda. `sha256`: o do arquivo lido, para que
    quem confere saiba que a versão usada é a mesma."""

    id: str
    versao: str
    titulo: str
    orgao: str
    lei: str
    valores: Mapping[str, ValorDoEdital]
    sha256: str = ""

    @property
    def chave(self) -> str:
        return f"{self.id}@{self.versao}"

    @property
    def norma(self) -> str:
        return f"{self.titulo}, versão {self.versao}"

    def referencia(self, nome: str) -> Referencia:
        v = self.valores[nome]
        return Referencia(self.norma, v.item, v.texto)


@dataclass(frozen=True)
class Edital:
    """Um edital publicado: número, órgão, data, a lei que aplica e os seus valores (já com os
    do modelo que segue; os do edital prevalecem)."""

    numero: str
    orgao: str
    data: date
    lei: str
    valores: Mapping[str, ValorDoEdital]
    modelo: ModeloDeEdital | None = None
    titulo: str = ""
    # As regras que o edital acrescenta (a ordem publicada, as conjuntas, os destinos da vaga
    # PcD, os sorteios): `cotas.motor.regras_do_edital`.
    regras: RegrasDoEdital | None = None

    @property
    def norma(self) -> str:
        return f"Edital nº {self.numero}"

    def referencia(self, nome: str) -> Referencia:
        """A citação do valor: "Edital nº 93/2026, item 4.1"; o herdado do modelo diz de
        qual modelo e versão veio o item."""
        v = self.valores[nome]
        norma = self.norma
        if v.do_modelo and self.modelo is not None:
            norma += f" (modelo {self.modelo.chave})"
        return Referencia(norma, v.item, v.texto)


def compor(
    proprios: Mapping[str, ValorDoEdital], modelo: ModeloDeEdital | None
) -> dict[str, ValorDoEdital]:
    """Os valores do edital: os do modelo, e os do edital por cima (o edital diz o que muda)."""
    valores: dict[str, ValorDoEdital] = {}
    if modelo is not None:
        for nome, v in modelo.valores.items():
            valores[nome] = ValorDoEdital(v.nome, v.valor, v.item, v.texto, do_modelo=True)
    valores.update(proprios)
    return valores


@dataclass(frozen=True)
class Recusa:
    """Um valor do edital que a lei não admite (`nome` vazio: o conjunto dos valores)."""

    nome: str
    mensagem: str


def conferir_edital(catalogo: Catalogo, edital: Edital) -> list[Recusa]:
    """Cada valor do edital contra a lei na data dele: um parâmetro que o motor não conhece, um
    valor de tipo errado, um valor que contradiz o que a lei fixa (um percentual abaixo do
    mínimo, um valor diferente do que a lei fixa), com a citação da lei e a do edital; e, se
    cada um passa, o conjunto (a soma dos percentuais que a lei fixa no total, por exemplo)."""
    try:
        lei = catalogo.lei(edital.lei)
    except ErroCotas as erro:
        return [Recusa("", str(erro))]
    if not lei.vige_em(edital.data):
        fim = f" a {lei.vigencia_fim:%d/%m/%Y}" if lei.vigencia_fim else ""
        return [
            Recusa(
                "",
                f"{lei.titulo} vige de {lei.vigencia_inicio:%d/%m/%Y}{fim}; não se aplica a "
                f"um edital de {edital.data:%d/%m/%Y} ({lei.referencia_vigencia.citacao()}).",
            )
        ]
    recusas = [
        Recusa(nome, mensagem)
        for nome in edital.valores
        if (mensagem := _conferir_valor(lei, edital, nome)) is not None
    ]
    if recusas:
        return recusas
    return _conferir_conjunto(catalogo, lei, edital)


def _conferir_valor(lei: Lei, edital: Edital, nome: str) -> str | None:
    """O problema de um valor do edital, com as duas citações; None: a lei o admite."""
    v = edital.valores[nome]
    citacao = edital.referencia(nome).citacao()
    dito = f"'{nome}' = {como_toml(v.valor)} ({citacao})"
    grupos = [g.nome for g in lei.grupos]
    espec = especificacao_de(nome, grupos)
    if espec is None and _questao_do_grupo(nome, grupos) is None:
        return f"{dito}: parâmetro desconhecido de {lei.titulo}{_parecidos(nome, grupos)}"
    if espec is not None:
        try:
            valor = espec.conferir(v.valor)
        except ValueError as motivo:
            return f"{dito}: valor inválido: {motivo}"
    else:
        valor = v.valor
    fixado = _fixado_pela_lei(lei, nome, edital.data)
    if eleva_o_minimo(lei, nome, edital.data) and fixado is not None:
        if Decimal(str(valor)) < Decimal(str(fixado.valor)):
            return (
                f"{dito}: abaixo do mínimo de {fixado.valor}% que a lei fixa "
                f"({fixado.referencia.citacao()}); o edital pode reservar mais, nunca menos"
            )
        return None
    if fixado is not None:
        if _mesmo_valor(valor, fixado.valor):
            return None  # (o edital repete a lei: vale a lei, citada como tal)
        return (
            f"{dito}: contradiz a lei, que fixa {como_toml(fixado.valor)} "
            f"({fixado.referencia.citacao()}); o edital só diz o que a lei deixa em aberto "
            "ou eleva o que ela fixa como mínimo"
        )
    try:
        conferir_informavel(lei, nome, edital.data, valor)
    except LeiInvalida as erro:
        return f"{dito}: {erro}"
    return None


def _conferir_conjunto(catalogo: Catalogo, lei: Lei, edital: Edital) -> list[Recusa]:
    """Os valores juntos, pelas regras da lei (a soma dos percentuais no total que a lei fixa,
    por exemplo); sem os valores de que a conta precisa, isso se confere ao usá-los."""
    informados = informados_do_edital(lei, edital)
    try:
        regras_aplicaveis(
            catalogo,
            lei_id=lei.id,
            data_edital=edital.data,
            informados=informados,
            usados=parametros_da_contagem(lei, ordem=False),
        )
    except ParametrosDesconhecidos:
        return []
    except LeiInvalida as erro:
        itens = "; ".join(f"{n}: {edital.referencia(n).citacao()}" for n in informados)
        return [Recusa("", f"{erro} Valores do edital: {itens or 'nenhum'}.")]
    except ErroCotas:
        return []  # (o tipo de seleção e o órgão são do certame, não do edital)
    return []


def _questao_do_grupo(nome: str, grupos: list[str]) -> tuple[str, ...] | None:
    grupo, _, chave = nome.partition(".")
    return QUESTOES_ABERTAS_DO_GRUPO.get(chave) if grupo in grupos else None


def _parecidos(nome: str, grupos: list[str]) -> str:
    """A dica para um nome desconhecido: o grupo que não é da lei, ou os grupos dela."""
    grupo, ponto, _ = nome.partition(".")
    if ponto and grupo not in grupos and nome not in ESPECIFICACOES:
        return f" (os grupos da lei são: {', '.join(grupos)})"
    return ""


def _fixado_pela_lei(lei: Lei, nome: str, dia: date) -> ValorDatado | None:
    parametro = lei.parametros.get(nome)
    if parametro is None or parametro.desconhecido_em(dia):
        return None
    return parametro.em(dia)


def _mesmo_valor(a: object, b: object) -> bool:
    """Iguais como a lei os compara: percentuais pelo número ("25" e "25.0"), listas em ordem."""
    if isinstance(a, str) and isinstance(b, str):
        try:
            return Decimal(a) == Decimal(b)
        except ArithmeticError:
            return a == b
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return tuple(a) == tuple(b)
    return type(a) is type(b) and a == b


def usados_do_edital(lei: Lei, edital: Edital) -> list[str]:
    """Os valores do edital que valem como do edital (os que só repetem a lei ficam de fora:
    vale a lei, citada como tal)."""
    usados = []
    for nome, v in edital.valores.items():
        fixado = _fixado_pela_lei(lei, nome, edital.data)
        if fixado is None:
            usados.append(nome)  # (o que a lei deixa em aberto)
        elif eleva_o_minimo(lei, nome, edital.data) and not _mesmo_valor(
            str(v.valor), str(fixado.valor)
        ):
            usados.append(nome)  # (o percentual acima do mínimo)
    return usados


def informados_do_edital(lei: Lei, edital: Edital) -> dict[str, object]:
    """Os valores do edital na forma de `regras_aplicaveis(informados=...)`, cada um com a
    referência do item do edital: as razões os citam como do edital."""
    return {
        nome: {
            "valor": edital.valores[nome].valor,
            "justificativa": edital.referencia(nome).citacao(),
            "referencia": edital.referencia(nome),
        }
        for nome in usados_do_edital(lei, edital)
    }


def sobrepor(
    do_edital: Mapping[str, object], do_operador: Mapping[str, object]
) -> dict[str, object]:
    """Os valores do edital (`informados_do_edital`) e, por cima, os do operador: o do operador
    que substitui um do edital leva na justificativa o item e o valor que substituiu
    (`substitui`), e a razão que o cita o diz."""
    valores: dict[str, object] = dict(do_edital)
    for nome, informado in do_operador.items():
        substituido = do_edital.get(nome)
        if isinstance(informado, Mapping) and isinstance(substituido, Mapping):
            substitui = f"{substituido['justificativa']}: {como_toml(substituido['valor'])}"
            informado = {
                **informado,
                "substitui": substitui,
                "justificativa": f"{informado.get('justificativa', '')}; substitui {substitui}",
            }
        valores[nome] = informado
    return valores


def como_toml(valor: object) -> str:
    if isinstance(valor, bool):
        return "true" if valor else "false"
    if isinstance(valor, str):
        return f'"{valor}"'
    if isinstance(valor, list | tuple):
        return "[" + ", ".join(como_toml(v) for v in valor) + "]"
    return str(valor)


# -- para uma tela: os valores por assunto, nas palavras da lei ---------------------------------


@dataclass(frozen=True)
class ItemDoEdital:
    """Um valor do edital como se lê: o que a lei chama o parâmetro, o valor por extenso, a
    citação e as palavras do edital, e, se a lei fixa um mínimo que ele eleva, o dela."""

    nome: str  # (o código, para o formulário; nunca mostrado)
    descricao: str
    valor: str
    citacao: str
    texto: str
    da_lei: Referencia | None = None


@dataclass(frozen=True)
class Assunto:
    titulo: str
    itens: tuple[ItemDoEdital, ...] = field(default=())


# Os assuntos dos parâmetros gerais, pelo prefixo do nome (os de um grupo: o rótulo dele na lei).
_ASSUNTOS = {
    "abrangencia": "Abrangência",
    "orgaos": "Abrangência",
    "grupos": "Grupos com reserva",
    "ordem": "Ordem de nomeação",
    "heteroidentificacao": "Comissão de heteroidentificação",
    "falsidade": "Declaração falsa",
}


def valores_por_assunto(lei: Lei, fonte: Edital | ModeloDeEdital, dia: date) -> list[Assunto]:
    """Os valores de um edital ou de um modelo agrupados por assunto (cada grupo da lei, com o
    rótulo dela; a comissão; a abrangência...), na ordem da lei, com a descrição do parâmetro e
    o valor por extenso: o que um formulário mostra preenchido, sem nomes internos."""
    por_titulo: dict[str, list[ItemDoEdital]] = {}
    rotulos = {g.nome: g.rotulo for g in lei.grupos}
    ordem = [*rotulos.values(), *dict.fromkeys(_ASSUNTOS.values())]
    grupos = list(rotulos)
    for nome, v in fonte.valores.items():
        prefixo = nome.partition(".")[0]
        titulo = rotulos.get(prefixo) or _ASSUNTOS.get(prefixo, "Outros")
        espec = especificacao_de(nome, grupos)
        descricao = espec.descricao if espec else nome.partition(".")[2].replace("_", " ")
        fixado = _fixado_pela_lei(lei, nome, dia) if eleva_o_minimo(lei, nome, dia) else None
        ref = fonte.referencia(nome)
        por_titulo.setdefault(titulo, []).append(
            ItemDoEdital(
                nome,
                descricao,
                _por_extenso(v.valor, espec.forma.tipo if espec else ""),
                ref.citacao(),
                ref.texto,
                fixado.referencia if fixado else None,
            )
        )
    titulos = sorted(por_titulo, key=lambda t: ordem.index(t) if t in ordem else len(ordem))
    return [Assunto(t, tuple(por_titulo[t])) for t in titulos]


def _por_extenso(valor: object, tipo: str) -> str:
    """O valor como se lê: "sim", "25%", "Pessoas indígenas, depois ampla concorrência"."""
    if isinstance(valor, bool):
        return "sim" if valor else "não"
    if tipo == "percentual":
        return f"{str(valor).replace('.', ',')}%"
    if isinstance(valor, list | tuple):
        partes = [_um_codigo(str(v)) for v in valor]
        return ", depois ".join(partes) if tipo == "reversao" else ", ".join(partes)
    if isinstance(valor, str):
        return _um_codigo(valor)
    return str(valor)


def _um_codigo(codigo: str) -> str:
    if codigo == AMPLA:
        return "ampla concorrência"
    legivel = rotulo(codigo)
    return legivel if legivel != codigo else codigo.replace("_", " ")
