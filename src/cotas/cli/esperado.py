"""A seção `[esperado]` de um teste de lei (`cotas testar`): o que a lei manda esperar de um
cenário, lido e conferido com arquivo, linha e chave de cada erro.

    [esperado]
    lei = "<id da lei aplicável>"            # opcional
    erros = ["trecho da mensagem"]           # ou: o cenário deve ser recusado com estes trechos

    [esperado.cargos.<código>]
    reservadas = { <grupo> = 1 }             # os grupos ausentes: nenhuma vaga reservada
    ampla = 9
    nomeacoes = [                            # a ordem inteira, nomeação a nomeação
      { inscricao = "101", lista = "ampla" },
      { inscricao = "105", lista = "<grupo>", fundamento = ["<artigo>", "<artigo>"] },
      { inscricao = "107", lista = "ampla", vaga_de = "<grupo>" },   # vaga revertida
      { inscricao = "110", lista = "<grupo>", vaga = 3, substitui = "105" },
    ]
    ocorrencias = [                          # desistências, anulações, vagas sem candidato
      { tipo = "desistencia", inscricao = "105", vaga = 3, fundamento = ["<artigo>"] },
    ]
    vagas_reservadas = { <grupo> = [3, 8] }  # as vagas (números) reservadas a cada grupo
    lista_geral = ["101", "105", ...]        # a lista inteira, na ordem
    listas_reservadas = { <grupo> = ["105"] }
    razoes_contem = ["trecho"]               # nas razões das nomeações e ocorrências do cargo
    razoes_nao_contem = ["trecho"]
    fundamentos_contem = ["trecho"]          # nas citações dessas razões
    fundamentos_nao_contem = ["trecho"]
    memoria_contem = ["trecho"]              # em alguma linha da memória de cálculo da reserva

Num teste que espera a recusa, `erros_ausentes` diz o que a recusa não deve dizer e
`erro_do_motor`, qual erro do motor (`cotas.motor.erros`) ela traduz.

O formato está descrito em docs/TESTES-DE-LEI.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from cotas.arquivos.cenario import _indice_de_chaves
from cotas.arquivos.erros import ErroEntrada

CHAVES_ESPERADO = ("lei", "erros", "erros_ausentes", "erro_do_motor", "cargos")
# Trechos que devem (ou não) aparecer no que o motor escreveu sobre o cargo.
CHAVES_TRECHOS = (
    "razoes_contem",
    "razoes_nao_contem",
    "fundamentos_contem",
    "fundamentos_nao_contem",
    "memoria_contem",
)
CHAVES_CARGO = (
    "reservadas",
    "ampla",
    "nomeacoes",
    "ocorrencias",
    "vagas_reservadas",
    "lista_geral",
    "listas_reservadas",
    *CHAVES_TRECHOS,
)
CHAVES_NOMEACAO = ("inscricao", "lista", "vaga_de", "vaga", "substitui", "fundamento")
CHAVES_OCORRENCIA = ("tipo", "inscricao", "vaga", "fundamento")


@dataclass(frozen=True)
class NomeacaoEsperada:
    """Uma nomeação esperada: quem, por qual lista, em vaga devida a quem e com que artigos."""

    ordem: int
    inscricao: str
    lista: str
    vaga_de: str  # a quem a vaga era devida: a própria lista, salvo numa vaga revertida
    vaga: int | None
    substitui: str | None
    fundamento: tuple[str, ...]
    linha: int | None
    chave: str


@dataclass(frozen=True)
class OcorrenciaEsperada:
    """Um fato do cargo que não é nomeação (desistência, anulação, vaga sem candidato...): o
    tipo e, se ditos, a inscrição, a vaga e os artigos."""

    ordem: int
    tipo: str
    inscricao: str | None
    vaga: int | None
    fundamento: tuple[str, ...]
    linha: int | None
    chave: str


@dataclass(frozen=True)
class CargoEsperado:
    codigo: str
    reservadas: dict[str, int] | None
    ampla: int | None
    nomeacoes: tuple[NomeacaoEsperada, ...] | None
    linha: int | None
    chave: str
    ocorrencias: tuple[OcorrenciaEsperada, ...] | None = None
    vagas_reservadas: dict[str, tuple[int, ...]] | None = None
    lista_geral: tuple[str, ...] | None = None
    listas_reservadas: dict[str, tuple[str, ...]] | None = None
    # chave de CHAVES_TRECHOS → os trechos
    trechos: dict[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Esperado:
    lei: str | None
    erros: tuple[str, ...]
    cargos: tuple[CargoEsperado, ...]
    linha: int | None
    erros_ausentes: tuple[str, ...] = ()
    erro_do_motor: str | None = None


class _Leitor:
    """Lê `[esperado]` juntando todos os erros, cada um na linha da sua chave."""

    def __init__(self, arquivo: str, texto: str) -> None:
        self.arquivo = arquivo
        self.texto = texto
        self.indice = _indice_de_chaves(texto)
        self.erros: list[ErroEntrada] = []

    def linha(self, chave: str) -> int | None:
        while chave:
            if chave in self.indice:
                return self.indice[chave]
            chave = chave.rpartition(".")[0]
        return None

    def erro(self, chave: str, mensagem: str, linha: int | None = None) -> None:
        linha = linha if linha is not None else self.linha(chave)
        self.erros.append(ErroEntrada(self.arquivo, linha, None, mensagem, chave))

    def desconhecidas(
        self, tabela: dict[str, object], base: str, aceitas: tuple[str, ...], linha: int | None
    ) -> None:
        # Erro, não aviso: uma chave escrita errado deixaria de conferir algo sem ninguém ver.
        for chave in tabela:
            if chave not in aceitas:
                self.erro(
                    f"{base}.{chave}",
                    f"chave desconhecida (as aceitas aqui são {', '.join(aceitas)})",
                    linha,
                )

    def texto_de(self, valor: object, chave: str, linha: int | None = None) -> str | None:
        """Um texto não vazio (inscrições escritas sem aspas também valem)."""
        if isinstance(valor, int) and not isinstance(valor, bool):
            return str(valor)
        if isinstance(valor, str) and valor.strip():
            return valor.strip()
        self.erro(chave, "deve ser um texto não vazio, entre aspas", linha)
        return None

    def inteiro_de(
        self, valor: object, chave: str, minimo: int, linha: int | None = None
    ) -> int | None:
        if isinstance(valor, int) and not isinstance(valor, bool) and valor >= minimo:
            return valor
        self.erro(chave, f"deve ser um número inteiro maior ou igual a {minimo}", linha)
        return None

    def textos_de(self, valor: object, chave: str, linha: int | None = None) -> tuple[str, ...]:
        if (
            isinstance(valor, list)
            and valor
            and all(isinstance(v, str) and v.strip() for v in valor)
        ):
            return tuple(v.strip() for v in valor)
        self.erro(chave, 'deve ser uma lista de textos, ex.: ["trecho", "outro trecho"]', linha)
        return ()


def ler_esperado(
    arquivo: str, texto: str, dados: dict[str, object]
) -> tuple[Esperado | None, list[ErroEntrada]]:
    """A seção `[esperado]` lida (None se ela tem erros) e todos os erros dela."""
    leitor = _Leitor(arquivo, texto)
    bruto = dados.get("esperado")
    if not isinstance(bruto, dict):
        leitor.erro("esperado", "falta a seção [esperado] (o que a lei manda esperar do cenário)")
        return None, leitor.erros
    leitor.desconhecidas(bruto, "esperado", CHAVES_ESPERADO, None)
    lei = leitor.texto_de(bruto["lei"], "esperado.lei") if "lei" in bruto else None
    erros = leitor.textos_de(bruto["erros"], "esperado.erros") if "erros" in bruto else ()
    ausentes = (
        leitor.textos_de(bruto["erros_ausentes"], "esperado.erros_ausentes")
        if "erros_ausentes" in bruto
        else ()
    )
    do_motor = _erro_do_motor(leitor, bruto["erro_do_motor"]) if "erro_do_motor" in bruto else None
    if ("erros_ausentes" in bruto or "erro_do_motor" in bruto) and "erros" not in bruto:
        leitor.erro(
            "esperado.erros",
            "erros_ausentes e erro_do_motor conferem a recusa: diga também os erros esperados",
        )
    cargos = _cargos(leitor, bruto.get("cargos"))
    if "erros" in bruto and "cargos" in bruto:
        leitor.erro(
            "esperado.erros",
            "um teste espera erros ou resultados, não os dois: o cenário recusado não tem cargos "
            "apurados",
        )
    if "erros" not in bruto and "cargos" not in bruto and lei is None:
        leitor.erro("esperado", "nada a conferir: diga a lei, os erros ou os [esperado.cargos]")
    if leitor.erros:
        return None, leitor.erros
    return Esperado(lei, erros, cargos, leitor.linha("esperado"), ausentes, do_motor), []


def _erro_do_motor(leitor: _Leitor, valor: object) -> str | None:
    from cotas.motor import erros

    nome = leitor.texto_de(valor, "esperado.erro_do_motor")
    conhecidos = sorted(
        n
        for n, tipo in vars(erros).items()
        if isinstance(tipo, type) and issubclass(tipo, erros.ErroCotas)
    )
    if nome is not None and nome not in conhecidos:
        leitor.erro(
            "esperado.erro_do_motor",
            f"erro do motor desconhecido '{nome}' (os do motor: {', '.join(conhecidos)})",
        )
        return None
    return nome


def _cargos(leitor: _Leitor, bruto: object) -> tuple[CargoEsperado, ...]:
    if bruto is None:
        return ()
    if not isinstance(bruto, dict) or not bruto:
        leitor.erro("esperado.cargos", "escreva cada cargo numa tabela [esperado.cargos.CÓDIGO]")
        return ()
    cargos = []
    for codigo, tabela in bruto.items():
        base = f"esperado.cargos.{codigo}"
        if not isinstance(tabela, dict):
            leitor.erro(base, f"escreva o cargo como tabela [esperado.cargos.{codigo}]")
            continue
        leitor.desconhecidas(tabela, base, CHAVES_CARGO, None)
        cargos.append(
            CargoEsperado(
                codigo=codigo,
                reservadas=_reservadas(leitor, tabela, base),
                ampla=(
                    leitor.inteiro_de(tabela["ampla"], f"{base}.ampla", 0)
                    if "ampla" in tabela
                    else None
                ),
                nomeacoes=_itens(leitor, tabela, f"{base}.nomeacoes", _nomeacao),
                linha=leitor.linha(base),
                chave=base,
                ocorrencias=_itens(leitor, tabela, f"{base}.ocorrencias", _ocorrencia),
                vagas_reservadas=_por_grupo(leitor, tabela, base, "vagas_reservadas", _vagas),
                lista_geral=(
                    _inscricoes(leitor, tabela["lista_geral"], f"{base}.lista_geral")
                    if "lista_geral" in tabela
                    else None
                ),
                listas_reservadas=_por_grupo(
                    leitor, tabela, base, "listas_reservadas", _inscricoes
                ),
                trechos={
                    chave: leitor.textos_de(tabela[chave], f"{base}.{chave}")
                    for chave in CHAVES_TRECHOS
                    if chave in tabela
                },
            )
        )
    return tuple(cargos)


_Valor = TypeVar("_Valor")


def _por_grupo(
    leitor: _Leitor,
    tabela: dict[str, object],
    base: str,
    nome: str,
    ler: Callable[[_Leitor, object, str], _Valor],
) -> dict[str, _Valor] | None:
    """`{ grupo = valor }` (as vagas ou a lista de cada grupo)."""
    if nome not in tabela:
        return None
    bruto = tabela[nome]
    if not isinstance(bruto, dict):
        leitor.erro(f"{base}.{nome}", "escreva como { grupo = [ ... ] }")
        return None
    return {grupo: ler(leitor, valor, f"{base}.{nome}.{grupo}") for grupo, valor in bruto.items()}


def _vagas(leitor: _Leitor, valor: object, chave: str) -> tuple[int, ...]:
    if isinstance(valor, list):
        numeros = [leitor.inteiro_de(v, chave, 1, leitor.linha(chave)) for v in valor]
        return tuple(n for n in numeros if n is not None)
    leitor.erro(chave, "deve ser uma lista de números de vaga, ex.: [3, 8]")
    return ()


def _inscricoes(leitor: _Leitor, valor: object, chave: str) -> tuple[str, ...]:
    """Uma lista de inscrições (pode ser vazia: a lista sem ninguém)."""
    if isinstance(valor, list):
        lidas = [leitor.texto_de(v, chave, leitor.linha(chave)) for v in valor]
        return tuple(i for i in lidas if i is not None)
    leitor.erro(chave, 'deve ser uma lista de inscrições, ex.: ["101", "105"]')
    return ()


def _reservadas(leitor: _Leitor, tabela: dict[str, object], base: str) -> dict[str, int] | None:
    if "reservadas" not in tabela:
        return None
    bruto = tabela["reservadas"]
    if not isinstance(bruto, dict):
        leitor.erro(f"{base}.reservadas", "escreva como { grupo = número de vagas }")
        return None
    reservadas = {}
    for grupo, valor in bruto.items():
        numero = leitor.inteiro_de(
            valor, f"{base}.reservadas.{grupo}", 0, leitor.linha(f"{base}.reservadas")
        )
        if numero is not None:
            reservadas[grupo] = numero
    return reservadas


_Item = TypeVar("_Item")


def _itens(
    leitor: _Leitor,
    tabela: dict[str, object],
    chave: str,
    ler: Callable[[_Leitor, dict[str, object], str, int, int | None], _Item | None],
) -> tuple[_Item, ...] | None:
    """Uma lista de tabelas em linha (`nomeacoes`, `ocorrencias`), um item por linha; cada erro
    na linha do seu item."""
    nome = chave.rpartition(".")[2]
    if nome not in tabela:
        return None
    bruto = tabela[nome]
    if not isinstance(bruto, list):
        leitor.erro(chave, "escreva como uma lista de tabelas: [{ ... }, { ... }]")
        return None
    inicio = leitor.linha(chave)
    itens = []
    for i, item in enumerate(bruto, start=1):
        linha = _linha_do_item(leitor.texto, inicio, i)
        onde = f"{chave}[{i}]"
        if not isinstance(item, dict):
            leitor.erro(onde, "uma tabela { chave = valor, ... } esperada aqui", linha)
            continue
        lido = ler(leitor, item, onde, i, linha)
        if lido is not None:
            itens.append(lido)
    return tuple(itens)


def _ocorrencia(
    leitor: _Leitor, item: dict[str, object], onde: str, ordem: int, linha: int | None
) -> OcorrenciaEsperada | None:
    leitor.desconhecidas(item, onde, CHAVES_OCORRENCIA, linha)
    if "tipo" not in item:
        leitor.erro(f"{onde}.tipo", "falta esta chave obrigatória", linha)
        return None
    tipo = leitor.texto_de(item["tipo"], f"{onde}.tipo", linha)
    inscricao = (
        leitor.texto_de(item["inscricao"], f"{onde}.inscricao", linha)
        if "inscricao" in item
        else None
    )
    vaga = leitor.inteiro_de(item["vaga"], f"{onde}.vaga", 1, linha) if "vaga" in item else None
    fundamento = (
        leitor.textos_de(item["fundamento"], f"{onde}.fundamento", linha)
        if "fundamento" in item
        else ()
    )
    if tipo is None:
        return None
    return OcorrenciaEsperada(ordem, tipo, inscricao, vaga, fundamento, linha, onde)


def _nomeacao(
    leitor: _Leitor, item: dict[str, object], onde: str, ordem: int, linha: int | None
) -> NomeacaoEsperada | None:
    leitor.desconhecidas(item, onde, CHAVES_NOMEACAO, linha)
    faltam = [c for c in ("inscricao", "lista") if c not in item]
    for chave in faltam:
        leitor.erro(f"{onde}.{chave}", "falta esta chave obrigatória", linha)
    if faltam:
        return None
    inscricao = leitor.texto_de(item["inscricao"], f"{onde}.inscricao", linha)
    lista = leitor.texto_de(item["lista"], f"{onde}.lista", linha)
    vaga_de = (
        leitor.texto_de(item["vaga_de"], f"{onde}.vaga_de", linha) if "vaga_de" in item else lista
    )
    vaga = leitor.inteiro_de(item["vaga"], f"{onde}.vaga", 1, linha) if "vaga" in item else None
    substitui = (
        leitor.texto_de(item["substitui"], f"{onde}.substitui", linha)
        if "substitui" in item
        else None
    )
    fundamento = (
        leitor.textos_de(item["fundamento"], f"{onde}.fundamento", linha)
        if "fundamento" in item
        else ()
    )
    if inscricao is None or lista is None or vaga_de is None:
        return None
    return NomeacaoEsperada(
        ordem, inscricao, lista, vaga_de, vaga, substitui, fundamento, linha, onde
    )


def _linha_do_item(texto: str, inicio: int | None, n: int) -> int | None:
    """A linha onde começa o n-ésimo item (`{`) da lista que começa na linha `inicio`: varre os
    caracteres contando colchetes e chaves fora dos textos entre aspas."""
    if inicio is None:
        return None
    linhas = texto.splitlines(keepends=True)
    posicao = sum(len(x) for x in linhas[: inicio - 1])
    posicao = texto.index("=", posicao) + 1
    profundidade, itens, aspas, linha = 0, 0, "", inicio
    for caractere in texto[posicao:]:
        if caractere == "\n":
            linha += 1
            aspas = "" if aspas == "\n" else aspas
            continue
        if aspas:
            aspas = "" if caractere == aspas else aspas
        elif caractere in "\"'":
            aspas = caractere
        elif caractere == "#":
            aspas = "\n"  # (um comentário vai até o fim da linha)
        elif caractere in "[{":
            profundidade += 1
            if caractere == "{" and profundidade == 2:
                itens += 1
                if itens == n:
                    return linha
        elif caractere in "]}":
            profundidade -= 1
            if profundidade == 0:
                break
    return inicio
