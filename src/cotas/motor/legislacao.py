"""As leis como dados datados: carregamento, validação e o catálogo.

Cada lei é um arquivo TOML em `cotas/leis/<ente>/<lei>.toml` (o caminho é o id; o ente é o
município, `federal` para as leis federais, com `esfera = "federal"`, ou o estado, com
`esfera = "estadual"`). Cada parâmetro tem valor, data em que passou a valer e o dispositivo que
o fixa com as palavras da lei; a revogação é um fim datado, não uma linha apagada, e o ato de
outra norma que muda a vigência (uma decisão judicial que a prorroga, a lei que a revoga, a lei
que a prorroga depois do fim e convalida o intervalo) é um dado com a sua data e o seu texto
(`[[vigencia.atos]]`). Outra lei é outro arquivo, não código novo.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date, timedelta
from decimal import Decimal, InvalidOperation
from importlib import resources
from typing import Any, TypedDict, TypeVar

from cotas.motor.elegibilidade import (
    TIPOS_DE_CAMPO,
    CampoDoCandidato,
    Elegibilidade,
    conferir_com_os_campos,
    ler_elegibilidade,
    nome_de_campo_valido,
)
from cotas.motor.erros import LeiInvalida
from cotas.motor.glossario import (
    AMPLA,
    Arredondamento,
    CorRaca,
    FracaoEntreLotes,
    Orgao,
    TipoSelecao,
    codigos,
    registrar_lista,
)
from cotas.motor.razoes import Referencia

TIPOS_SELECAO = tuple(codigos(TipoSelecao))
# (as cores, os tipos e os modos são os do glossário: um código, um lugar)
CORES = tuple(codigos(CorRaca))
DECISOES = ("maioria", "fracao", "unanimidade")
BASES_DA_DECISAO = ("membros", "presentes", "votos")


@dataclass(frozen=True)
class Forma:
    """Como se escreve o valor de um parâmetro (numa tela, por exemplo): o tipo ("escolha",
    "lista", "booleano", "inteiro", "percentual", "reversao" ou "texto") e as opções."""

    tipo: str
    opcoes: tuple[str, ...] = ()


# A forma de cada validador (os de escolha e lista registram a sua ao serem criados).
_FORMAS: dict[Callable[[object], object], Forma] = {}


def _percentual(valor: object) -> object:
    try:
        numero = Decimal(str(valor))
    except InvalidOperation:
        raise ValueError("percentual deve ser um número") from None
    if not 0 < numero <= 100:
        raise ValueError("percentual deve estar entre 0 e 100")
    return str(valor)


def _inteiro(valor: object) -> object:
    if not isinstance(valor, int) or isinstance(valor, bool) or valor < 0:
        raise ValueError("deve ser um inteiro não negativo")
    return valor


def _booleano(valor: object) -> object:
    if not isinstance(valor, bool):
        raise ValueError("deve ser verdadeiro ou falso")
    return valor


def _um_de(*opcoes: str) -> Callable[[object], object]:
    def validar(valor: object) -> object:
        if valor not in opcoes:
            raise ValueError(f"deve ser um de: {', '.join(opcoes)}")
        return valor

    _FORMAS[validar] = Forma("escolha", opcoes)
    return validar


def _lista_de(*opcoes: str) -> Callable[[object], object]:
    def validar(valor: object) -> object:
        if not isinstance(valor, list) or not valor or any(v not in opcoes for v in valor):
            raise ValueError(f"deve ser uma lista com itens de: {', '.join(opcoes)}")
        return tuple(valor)

    _FORMAS[validar] = Forma("lista", opcoes)
    return validar


def _destino_da_reversao(valor: object) -> object:
    """`"ampla"` ou a lista dos grupos que recebem a vaga, na ordem da lei, terminada em
    `"ampla"` (os nomes são conferidos contra os grupos declarados pelo carregador)."""
    if valor == "ampla":
        return ("ampla",)
    if (
        not isinstance(valor, list)
        or not valor
        or any(not isinstance(v, str) or not v for v in valor)
        or valor[-1] != "ampla"
        or "ampla" in valor[:-1]
        or len(set(valor)) != len(valor)
    ):
        raise ValueError(
            'deve ser "ampla" ou uma lista de grupos da lei terminada em "ampla", sem repetição'
        )
    return tuple(valor)


_FORMAS.update(
    {
        _percentual: Forma("percentual"),
        _inteiro: Forma("inteiro"),
        _booleano: Forma("booleano"),
        _destino_da_reversao: Forma("reversao"),
    }
)


@dataclass(frozen=True)
class Especificacao:
    """Um parâmetro que o motor conhece. Nenhum é aceito e ignorado: ou o motor o lê
    (`lido_pelo_motor`: outro valor muda um resultado) ou só admite os valores que implementa
    (`valores_suportados`); um teste confere que cada um é exatamente uma das duas coisas."""

    descricao: str
    validar: Callable[[object], object]
    obrigatorio: bool = True
    # parâmetros que só se exigem quando a comissão de heteroidentificação existe
    so_com_comissao: bool = False
    lido_pelo_motor: bool = False
    valores_suportados: tuple[object, ...] = ()

    @property
    def forma(self) -> Forma:
        """Como se escreve o valor: com os valores suportados, só eles; senão, a do validador."""
        if self.valores_suportados:
            if all(isinstance(v, bool) for v in self.valores_suportados):
                return Forma("booleano")
            return Forma("escolha", tuple(str(v) for v in self.valores_suportados))
        return _FORMAS.get(self.validar, Forma("texto"))

    def conferir(self, valor: object) -> object:
        """O valor validado; `ValueError` (em português) se inválido ou não implementado."""
        if self.valores_suportados and not any(
            type(valor) is type(s) and valor == s for s in self.valores_suportados
        ):
            suportados = " ou ".join(_como_toml(s) for s in self.valores_suportados)
            raise ValueError(
                f"valor {_como_toml(valor)} não suportado: o motor implementa só {suportados}"
            )
        return self.validar(valor)


def _como_toml(valor: object) -> str:
    if isinstance(valor, bool):
        return "true" if valor else "false"
    if isinstance(valor, str):
        return f'"{valor}"'
    return repr(valor)


# Parâmetros que o motor conhece. Uma lei nova usa estes nomes; um nome fora daqui é erro.
ESPECIFICACOES: dict[str, Especificacao] = {
    "abrangencia": Especificacao(
        "Tipos de seleção abrangidos", _lista_de(*TIPOS_SELECAO), lido_pelo_motor=True
    ),
    "ordem.alternancia_proporcionalidade": Especificacao(
        "Nomeações por alternância e proporcionalidade", _booleano, valores_suportados=(True,)
    ),
    "falsidade.anulacao": Especificacao(
        "Declaração falsa anula a inscrição e os atos posteriores", _booleano, lido_pelo_motor=True
    ),
    "falsidade.encaminhamento": Especificacao(
        "Envio da documentação às autoridades em caso de falsidade",
        _booleano,
        obrigatorio=False,
        valores_suportados=(True,),
    ),
    "heteroidentificacao.exigida": Especificacao(
        "Verificação obrigatória da autodeclaração por comissão", _booleano, lido_pelo_motor=True
    ),
    "heteroidentificacao.membros": Especificacao(
        "Número de integrantes da comissão", _inteiro, so_com_comissao=True, lido_pelo_motor=True
    ),
    "heteroidentificacao.momento": Especificacao(
        "Quem é verificado e quando",
        _um_de("aprovados_antes_da_homologacao"),
        so_com_comissao=True,
        valores_suportados=("aprovados_antes_da_homologacao",),
    ),
    "heteroidentificacao.posse_apos_parecer": Especificacao(
        "Posse em vaga reservada só após o parecer da comissão",
        _booleano,
        so_com_comissao=True,
        valores_suportados=(True,),
    ),
    "heteroidentificacao.recursos": Especificacao(
        "Recursos do candidato ou de outros candidatos",
        _booleano,
        so_com_comissao=True,
        valores_suportados=(True,),
    ),
    "heteroidentificacao.registro_audiovisual": Especificacao(
        "Filmagem ou fotografia obrigatória, para uso exclusivo da comissão",
        _booleano,
        so_com_comissao=True,
        lido_pelo_motor=True,
    ),
    "heteroidentificacao.recusa_filmagem": Especificacao(
        "Destino de quem se recusa a ser filmado ou fotografado (exigido com a filmagem)",
        _um_de(AMPLA, "eliminado"),
        obrigatorio=False,
        so_com_comissao=True,
        lido_pelo_motor=True,
    ),
    "heteroidentificacao.nao_reconhecido": Especificacao(
        "Destino de quem não é reconhecido, se recusa ou falta",
        _um_de(AMPLA, "eliminado"),
        so_com_comissao=True,
        lido_pelo_motor=True,
    ),
    "heteroidentificacao.decisao": Especificacao(
        "Regra de reconhecimento da comissão: maioria (mais da metade), fração (pelo menos o "
        "percentual da lei) ou unanimidade",
        _um_de(*DECISOES),
        so_com_comissao=True,
        lido_pelo_motor=True,
    ),
    "heteroidentificacao.decisao_percentual": Especificacao(
        "Percentual mínimo de votos pelo reconhecimento (exigido com a regra de fração)",
        _percentual,
        obrigatorio=False,
        so_com_comissao=True,
        lido_pelo_motor=True,
    ),
    "heteroidentificacao.decisao_base": Especificacao(
        "Sobre quem se conta a regra: membros (todos os integrantes), presentes (os integrantes "
        "presentes) ou votos (os votos dados, sem as abstenções)",
        _um_de(*BASES_DA_DECISAO),
        so_com_comissao=True,
        lido_pelo_motor=True,
    ),
    "heteroidentificacao.composicao_distribuida": Especificacao(
        "Critérios pelos quais os integrantes se distribuem (a comissão completa não pode ter "
        "todos do mesmo gênero ou da mesma cor)",
        _lista_de("genero", "cor"),
        obrigatorio=False,
        so_com_comissao=True,
        lido_pelo_motor=True,
    ),
    "heteroidentificacao.composicao_minimo": Especificacao(
        "Percentual mínimo de integrantes de certas cores na comissão",
        _percentual,
        obrigatorio=False,
        so_com_comissao=True,
        lido_pelo_motor=True,
    ),
    "heteroidentificacao.composicao_minimo_cores": Especificacao(
        "Cores (quesito do IBGE) dos integrantes contados no percentual mínimo da comissão",
        _lista_de(*CORES),
        obrigatorio=False,
        so_com_comissao=True,
        lido_pelo_motor=True,
    ),
    "heteroidentificacao.recorrentes": Especificacao(
        "Quem pode recorrer do parecer: o próprio candidato e/ou outro candidato (terceiro)",
        _lista_de("candidato", "terceiro"),
        so_com_comissao=True,
        lido_pelo_motor=True,
    ),
    "heteroidentificacao.recurso_prazo_dias": Especificacao(
        "Prazo do recurso, em dias corridos contados do dia seguinte ao da sessão (sem ele, a "
        "lei não fixa prazo)",
        _inteiro,
        obrigatorio=False,
        so_com_comissao=True,
        lido_pelo_motor=True,
    ),
}

# Parâmetros exigidos só quando outro tem certo valor: (o que decide, o valor) -> exigidos.
EXIGIDOS_SE: dict[tuple[str, object], tuple[str, ...]] = {
    ("heteroidentificacao.decisao", "fracao"): ("heteroidentificacao.decisao_percentual",),
    ("heteroidentificacao.registro_audiovisual", True): ("heteroidentificacao.recusa_filmagem",),
}
# Parâmetros que só existem juntos.
JUNTOS: tuple[tuple[str, ...], ...] = (
    ("heteroidentificacao.composicao_minimo", "heteroidentificacao.composicao_minimo_cores"),
)


def exigidos_pelos_valores(valores: Mapping[str, object]) -> list[str]:
    """Os parâmetros que os valores dados tornam exigidos e que faltam (`EXIGIDOS_SE` e
    `JUNTOS`)."""
    faltam = [
        exigido
        for (nome, valor), exigidos in EXIGIDOS_SE.items()
        if nome in valores and valores[nome] == valor
        for exigido in exigidos
        if exigido not in valores
    ]
    for grupo in JUNTOS:
        if any(n in valores for n in grupo):
            faltam += [n for n in grupo if n not in valores]
    return faltam


# Parâmetros de cada grupo que a lei declara em [[grupos]]: o nome completo é
# `<grupo>.<chave>` (ex.: `negros.percentual`). Um grupo novo é dado, não código.
ESPECIFICACOES_DO_GRUPO: dict[str, Especificacao] = {
    "percentual_minimo": Especificacao(
        "O percentual da lei é um mínimo: o edital pode reservar mais, nunca menos",
        _booleano,
        obrigatorio=False,
        lido_pelo_motor=True,
    ),
    "percentual": Especificacao(
        "Percentual de vagas reservado ao grupo", _percentual, lido_pelo_motor=True
    ),
    "limiar_vagas": Especificacao(
        "Número mínimo de vagas oferecidas para que a reserva se aplique",
        _inteiro,
        lido_pelo_motor=True,
    ),
    "arredondamento": Especificacao(
        "Arredondamento da fração de vagas reservadas",
        _um_de(*codigos(Arredondamento)),
        lido_pelo_motor=True,
    ),
    "fracao_entre_lotes": Especificacao(
        "Como a fração de um lote de vagas é considerada nos lotes seguintes",
        _um_de(*codigos(FracaoEntreLotes)),
        lido_pelo_motor=True,
    ),
    "cores": Especificacao(
        "Cores (quesito do IBGE) que dão direito à reserva",
        _lista_de(*CORES),
        obrigatorio=False,  # um grupo sem critério de cor (ex.: quilombolas) não o tem
        lido_pelo_motor=True,
    ),
    "elegibilidade": Especificacao(
        "Quem tem direito à reserva: as alternativas de critérios (a cor e os campos do "
        "candidato que a lei declara em [[campos]]); basta cumprir todos os de uma",
        ler_elegibilidade,
        obrigatorio=False,  # sem ele, o critério é só a cor (`cores`), se houver
        lido_pelo_motor=True,
    ),
    "verificacao": Especificacao(
        "Como a condição declarada é verificada: pela comissão de heteroidentificação, por "
        "análise documental ou sem verificação",
        _um_de("heteroidentificacao", "documental", "nenhuma"),
        obrigatorio=False,  # sem ele: pela comissão, se a lei a exige (`heteroidentificacao.*`)
        lido_pelo_motor=True,
    ),
    "concorrencia_concomitante": Especificacao(
        "O grupo concorre às vagas reservadas e às de ampla concorrência ao mesmo tempo",
        _booleano,
        valores_suportados=(True,),
    ),
    "desistencia": Especificacao(
        "Quem ocupa a vaga reservada de quem desiste",
        _um_de("proximo_da_mesma_lista"),
        valores_suportados=("proximo_da_mesma_lista",),
    ),
    "reversao": Especificacao(
        "Destino das vagas reservadas sem candidatos do grupo suficientes: outros grupos da lei, "
        "na ordem dela, e por fim a ampla concorrência",
        _destino_da_reversao,
        lido_pelo_motor=True,
    ),
}

# Os órgãos e entidades que a lei abrange, por tipo de seleção (sem o parâmetro: todos os do ente).
for _tipo in TIPOS_SELECAO:
    ESPECIFICACOES[f"orgaos.{_tipo}"] = Especificacao(
        f"Órgãos e entidades abrangidos na seleção do tipo {_tipo}",
        _lista_de(*codigos(Orgao)),
        obrigatorio=False,
        lido_pelo_motor=True,
    )

# O percentual que a lei reserva ao conjunto dos grupos, quando um regulamento o divide entre
# eles: a soma dos percentuais dos grupos tem de dar este total.
ESPECIFICACOES["grupos.percentual_total"] = Especificacao(
    "Percentual que a lei reserva ao conjunto dos grupos (a soma dos grupos deve dar este total)",
    _percentual,
    obrigatorio=False,
    lido_pelo_motor=True,
)

# Quem é de vários grupos da lei (questão só de leis com mais de um grupo).
ESPECIFICACOES["grupos.candidato_em_varios"] = Especificacao(
    "Candidato que pode concorrer por mais de um grupo: só no de maior percentual, ou em todos",
    _um_de("maior_percentual", "todos"),
    obrigatorio=False,  # exigido pelo carregador quando a lei declara mais de um grupo
    lido_pelo_motor=True,
)


def conferir_informado(lei: Lei, nome: str, bruto: object, padrao: str) -> tuple[object, str]:
    """Um valor que o operador informa para a lei (`{"valor": ..., "justificativa": ...}` ou só o
    valor), conferido pela especificação do parâmetro, e a justificativa (sem ela, `padrao`)."""
    justificativa = padrao
    if isinstance(bruto, Mapping):
        justificativa = str(bruto.get("justificativa") or justificativa)
        bruto = bruto.get("valor")
    espec = especificacao_de(nome, [g.nome for g in lei.grupos])
    assert espec is not None
    try:
        return espec.conferir(bruto), justificativa
    except ValueError as erro:
        raise LeiInvalida(f"Parâmetro informado '{nome}' inválido: {erro}") from None


def especificacao_de(nome: str, grupos: Iterable[str] = ()) -> Especificacao | None:
    """A especificação de um parâmetro: geral, ou `<grupo>.<chave>` de um grupo declarado."""
    if nome in ESPECIFICACOES:
        return ESPECIFICACOES[nome]
    grupo, _, chave = nome.partition(".")
    if grupo in grupos:
        return ESPECIFICACOES_DO_GRUPO.get(chave)
    return None


@dataclass(frozen=True)
class ValorDatado:
    """Um valor de parâmetro e o período em que vale (fim aberto = ainda vale)."""

    desde: date
    ate: date | None
    valor: Any
    referencia: Referencia
    interpretacao: str = ""

    def vale_em(self, dia: date) -> bool:
        return self.desde <= dia and (self.ate is None or dia <= self.ate)


@dataclass(frozen=True)
class Parametro:
    nome: str
    descricao: str
    valores: tuple[ValorDatado, ...] = ()
    desconhecido: bool = False
    # Desconhecido até esta data (inclusive): a lei o deixa a um regulamento, cujo valor vale
    # para os editais a partir da data dele (um `ValorDatado` com `desde` e a norma dele).
    desconhecido_ate: date | None = None

    def desconhecido_em(self, dia: date) -> bool:
        """Se, para um edital de `dia`, nenhuma norma modelada dá o valor."""
        return self.desconhecido or (
            self.desconhecido_ate is not None and dia <= self.desconhecido_ate
        )

    def em(self, dia: date) -> ValorDatado | None:
        for valor in self.valores:
            if valor.vale_em(dia):
                return valor
        return None


# As esferas do ente que edita a lei. Uma lei municipal é do município (`municipio`); uma
# estadual ou federal, do ente que a declara (`ente`: o estado, o ente federal).
# O catálogo procura pelo nome do ente.
ESFERAS = ("municipal", "estadual", "federal")


@dataclass(frozen=True)
class AtoVigencia:
    """Ato de outra norma que muda o fim da vigência de uma lei a partir de `data`: uma decisão
    judicial que a mantém (`fim` vazio: até outra norma), a lei que a revoga (`fim` = véspera
    da revogadora, `revogacao`) e, se esta ressalva os editais anteriores,
    `mantem_editais_anteriores`. Um ato posterior ao fim (a lei que prorroga uma vigência já
    acabada) diz desde quando a lei volta a reger editais: `convalida_desde`, a data a partir da
    qual ele convalida os atos do intervalo (a data do próprio ato, se não retroage); entre o fim
    e essa data fica uma lacuna, em que a lei não rege edital nenhum."""

    data: date
    fim: date | None
    referencia: Referencia
    revogacao: bool = False
    mantem_editais_anteriores: bool = False
    convalida_desde: date | None = None


@dataclass(frozen=True)
class Lacuna:
    """Intervalo sem lei: do dia seguinte ao fim da vigência à véspera do dia desde o qual o ato
    que a prorrogou depois do fim a faz valer de novo."""

    inicio: date
    fim: date
    ato: AtoVigencia

    def contem(self, dia: date) -> bool:
        return self.inicio <= dia <= self.fim


@dataclass(frozen=True)
class DeclaracaoGrupo:
    """Um grupo com reserva que a lei declara ([[grupos]]): o código das listas e dos arquivos,
    o rótulo que se lê, e as colunas do arquivo de candidatos que dizem quem optou por ele e,
    se a lei o verifica, o resultado da verificação."""

    nome: str
    rotulo: str
    coluna_opcao: str
    apelidos_opcao: tuple[str, ...] = ()
    coluna_verificacao: str | None = None
    apelidos_verificacao: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lei:
    id: str
    norma: str  # citação curta: o número, o ano e o ente
    titulo: str
    municipio: str  # o ente: o município, ou o ente federal (`ente`) numa lei federal
    ementa: str
    vigencia_inicio: date
    vigencia_fim: date | None
    referencia_vigencia: Referencia
    parametros: Mapping[str, Parametro]
    revoga: str | None = None
    revogada_por: str | None = None
    referencia_revogacao: Referencia | None = None
    revisao_anos: int | None = None
    referencia_revisao: Referencia | None = None
    # O efeito da declaração falsa com as palavras da lei ([falsidade]): (em geral, se nomeado)
    efeitos_falsidade: tuple[str, str] | None = None
    # [transicao]: o dispositivo desta lei que a afasta dos editais anteriores a ela...
    referencia_transicao: Referencia | None = None
    # ...e, numa lei revogada, o da revogadora, que a mantém para esses editais
    referencia_mantida_por: Referencia | None = None
    # [citacoes.<chave>]: dispositivos que os documentos e a aplicação citam sem que o motor os
    # aplique (ex.: `quadro_no_edital`), cada um com o artigo e o texto da lei.
    citacoes: Mapping[str, Referencia] = field(default_factory=dict)
    grupos: tuple[DeclaracaoGrupo, ...] = ()
    # [[campos]]: os campos do candidato que decidem a elegibilidade além da cor
    campos: tuple[CampoDoCandidato, ...] = ()
    esfera: str = "municipal"
    # [vigencia].fim: o fim que a própria lei fixa (prazo), antes dos atos de outras normas
    fim_proprio: date | None = None
    atos_vigencia: tuple[AtoVigencia, ...] = ()

    @property
    def ente(self) -> str:
        return self.municipio

    def fundamentos_vigencia(self, dia: date) -> tuple[Referencia, ...]:
        """Por que a lei rege um edital de `dia`: a sua vigência, o ato que a estendeu até
        `dia` (se o prazo próprio já tinha acabado) e a regra que a mantém depois de revogada."""
        refs = [self.referencia_vigencia]
        fim = self.fim_proprio
        for ato in self.atos_vigencia:
            alcanca = fim is not None and fim < dia and (ato.fim is None or dia <= ato.fim)
            if alcanca and ato.referencia not in refs:
                refs.append(ato.referencia)
            fim = ato.fim
        if self.referencia_mantida_por and self.referencia_mantida_por not in refs:
            refs.append(self.referencia_mantida_por)
        return tuple(refs)

    @property
    def lacunas(self) -> tuple[Lacuna, ...]:
        """Os intervalos em que a lei não regia edital nenhum: entre um fim de vigência e o dia
        desde o qual o ato que a prorrogou depois desse fim a faz valer de novo."""
        lacunas: list[Lacuna] = []
        fim = self.fim_proprio
        for ato in self.atos_vigencia:
            desde = ato.convalida_desde
            if desde is not None and fim is not None and desde > fim + timedelta(days=1):
                lacunas.append(Lacuna(fim + timedelta(days=1), desde - timedelta(days=1), ato))
            fim = ato.fim
        return tuple(lacunas)

    def lacuna_em(self, dia: date) -> Lacuna | None:
        return next((lacuna for lacuna in self.lacunas if lacuna.contem(dia)), None)

    def vige_em(self, dia: date) -> bool:
        return (
            self.vigencia_inicio <= dia
            and (self.vigencia_fim is None or dia <= self.vigencia_fim)
            and self.lacuna_em(dia) is None
        )

    def fora_da_vigencia(self, dia: date) -> str:
        """Por que a lei não rege um edital de `dia`, com as datas e o dispositivo (vazio se
        rege)."""
        if self.vige_em(dia):
            return ""
        lacuna = self.lacuna_em(dia)
        if lacuna is not None:
            desde = lacuna.ato.convalida_desde
            assert desde is not None
            return (
                f"{self.titulo} vigeu até {lacuna.inicio - timedelta(days=1):%d/%m/%Y}; "
                f"{lacuna.ato.referencia.norma}, de {lacuna.ato.data:%d/%m/%Y}, prorrogou-a e a "
                f"faz reger os editais desde {desde:%d/%m/%Y} "
                f"({lacuna.ato.referencia.citacao()}): o edital de {dia:%d/%m/%Y} fica no "
                f"intervalo sem lei, de {lacuna.inicio:%d/%m/%Y} a {lacuna.fim:%d/%m/%Y}."
            )
        fim = f" a {self.vigencia_fim:%d/%m/%Y}" if self.vigencia_fim else ""
        return (
            f"{self.titulo} vige de {self.vigencia_inicio:%d/%m/%Y}{fim}; não se aplica ao "
            f"edital de {dia:%d/%m/%Y} ({self.referencia_vigencia.citacao()})."
        )

    def revisao_em(self) -> date | None:
        """Data de reavaliação do percentual, quando a lei a prevê (`[revisao]` da lei)."""
        if self.revisao_anos is None:
            return None
        inicio = self.vigencia_inicio
        try:
            return inicio.replace(year=inicio.year + self.revisao_anos)
        except ValueError:  # 29 de fevereiro
            return inicio.replace(year=inicio.year + self.revisao_anos, day=28)

    def desconhecidos(self, dia: date | None = None) -> list[str]:
        """Os parâmetros que a lei deixa em aberto: para um edital de `dia`, só os que nenhuma
        norma modelada fixa nessa data (um regulamento posterior ao edital não o rege); sem
        `dia`, também os que só um regulamento fixa."""
        return sorted(
            nome
            for nome, p in self.parametros.items()
            if (p.desconhecido_em(dia) if dia is not None else p.desconhecido)
            or (dia is None and p.desconhecido_ate is not None)
        )


def _texto(dados: Mapping[str, Any], chave: str, onde: str) -> str:
    valor = dados.get(chave)
    if not isinstance(valor, str) or not valor.strip():
        raise LeiInvalida(f"{onde}: falta '{chave}' (texto)")
    return valor.strip()


def _data(dados: Mapping[str, Any], chave: str, onde: str, obrigatoria: bool = True) -> date | None:
    valor = dados.get(chave)
    if valor is None and not obrigatoria:
        return None
    if not isinstance(valor, date):
        raise LeiInvalida(f"{onde}: '{chave}' deve ser uma data AAAA-MM-DD")
    return valor


def _referencia(dados: Mapping[str, Any], norma: str, onde: str) -> Referencia:
    if "artigo" not in dados or "texto" not in dados:
        raise LeiInvalida(
            f"{onde}: sem referência legal (todo valor precisa de 'artigo' e 'texto' da lei)"
        )
    texto = " ".join(_texto(dados, "texto", onde).split())
    _conferir_texto_legal(texto, onde)
    return Referencia(
        norma=str(dados.get("norma", norma)),
        artigo=_texto(dados, "artigo", onde),
        texto=texto,
    )


# Marcas de texto que não é da lei: quem não achou o artigo deixa a lei de fora (ou o parâmetro
# `desconhecido = true`), nunca um marcador no lugar das palavras da lei.
# (TODO e FIXME só em maiúsculas: "todo" é palavra da lei, "todo o período")
_MARCAS_DE_PROGRAMADOR = ("TODO", "FIXME")
_MARCAS_PROVISORIAS = ("texto não disponível", "trecho não encontrado", "(texto)")
_OMISSOES = ("[...]", "[…]", "(...)", "...", "…")


def _conferir_texto_legal(texto: str, onde: str) -> None:
    """Recusa texto provisório: só reticências, ou um marcador de texto ausente. Um trecho
    omitido dentro de uma citação ("[...]") é aceito."""
    sem_omissoes = texto
    for omissao in _OMISSOES:
        sem_omissoes = sem_omissoes.replace(omissao, " ")
    palavras = texto.replace(":", " ").split()
    if (
        not any(c.isalnum() for c in sem_omissoes)
        or any(m in texto.lower() for m in _MARCAS_PROVISORIAS)
        or any(m in palavras for m in _MARCAS_DE_PROGRAMADOR)
    ):
        raise LeiInvalida(
            f"{onde}: 'texto' provisório ({texto!r}); o texto deve ser o da lei publicada"
        )


def carregar_lei(texto: str, origem: str) -> Lei:
    """Lê e valida o TOML de uma lei; `origem` nomeia o arquivo nas mensagens."""
    try:
        dados = tomllib.loads(texto)
    except tomllib.TOMLDecodeError as erro:
        raise LeiInvalida(f"{origem}: TOML inválido ({erro})") from None
    erros: list[str] = []  # os erros de cada parte independente da lei, juntos
    lei_id = _juntando(erros, lambda: _texto(dados, "id", origem), "")
    norma = _juntando(erros, lambda: _texto(dados, "norma", origem), "")
    _juntando(erros, lambda: _texto(dados, "titulo", origem), "")
    _juntando(erros, lambda: _texto(dados, "ementa", origem), "")
    vigencia = _juntando(erros, lambda: _vigencia(dados, norma, origem), None)
    # (Sem vigência válida, os parâmetros ainda são conferidos, com um início qualquer.)
    inicio, fim_proprio, ref_vigencia, atos = vigencia or (date.min, None, None, ())
    fim = atos[-1].fim if atos else fim_proprio
    esfera, ente = _juntando(erros, lambda: _esfera_e_ente(dados, origem), ("", ""))
    sem_grupos: tuple[DeclaracaoGrupo, ...] = ()
    grupos = _juntando(erros, lambda: _grupos(dados, origem), sem_grupos)
    nomes_grupos = [g.nome for g in grupos]
    sem_campos: tuple[CampoDoCandidato, ...] = ()
    campos = _juntando(erros, lambda: _campos(dados, norma, grupos, origem), sem_campos)

    brutos = dados.get("parametros", [])
    if not isinstance(brutos, list):
        raise LeiInvalida(f"{origem}: 'parametros' deve ser uma lista [[parametros]]")
    lidos = _ParametrosLidos(origem, norma, nomes_grupos, inicio, fim)
    for i, bruto in enumerate(brutos, start=1):
        try:
            lidos.ler(i, bruto)
        except LeiInvalida as erro:  # (cada parâmetro com o seu erro, todos de uma vez)
            erros.append(str(erro))
    if erros:
        raise LeiInvalida("\n".join(erros))
    assert ref_vigencia is not None

    parametros = lidos.parametros()
    _conferir_parametros(parametros, nomes_grupos, origem)
    _conferir_elegibilidade(parametros, nomes_grupos, campos, origem)

    efeitos = _efeitos_falsidade(dados, parametros.get("falsidade.anulacao"), origem)
    referencias = _referencias_da_lei(dados, norma, origem, atos)
    revisao = dados.get("revisao")
    mantida = next((a for a in atos if a.mantem_editais_anteriores), None)
    return Lei(
        id=lei_id,
        norma=norma,
        titulo=_texto(dados, "titulo", origem),
        municipio=ente,
        esfera=esfera,
        fim_proprio=fim_proprio,
        atos_vigencia=atos,
        referencia_mantida_por=mantida.referencia if mantida else None,
        ementa=" ".join(_texto(dados, "ementa", origem).split()),
        vigencia_inicio=inicio,
        vigencia_fim=fim,
        referencia_vigencia=ref_vigencia,
        parametros=parametros,
        revoga=dados.get("revoga"),
        revogada_por=dados.get("revogada_por"),
        revisao_anos=revisao.get("anos") if revisao else None,
        efeitos_falsidade=efeitos,
        grupos=grupos,
        campos=campos,
        **referencias,
    )


class _ReferenciasDaLei(TypedDict):
    referencia_revogacao: Referencia | None
    referencia_revisao: Referencia | None
    referencia_transicao: Referencia | None
    citacoes: Mapping[str, Referencia]


def _referencias_da_lei(
    dados: Mapping[str, Any], norma: str, origem: str, atos: Sequence[AtoVigencia]
) -> _ReferenciasDaLei:
    """Os dispositivos da revogação, da revisão e da transição, e as citações da lei."""
    revisao = dados.get("revisao")
    revogacao = dados.get("revogacao")
    transicao = dados.get("transicao")
    citacoes = dados.get("citacoes", {})
    if not isinstance(citacoes, dict):
        raise LeiInvalida(f"{origem}: 'citacoes' deve ser uma tabela [citacoes.<chave>]")
    revogadora = next((a for a in atos if a.revogacao), None)
    return {
        "referencia_revogacao": (
            _referencia(revogacao, norma, f"{origem} [revogacao]")
            if revogacao
            else (revogadora.referencia if revogadora else None)
        ),
        "referencia_revisao": (
            _referencia(revisao, norma, f"{origem} [revisao]") if revisao else None
        ),
        "referencia_transicao": (
            _referencia(transicao, norma, f"{origem} [transicao]") if transicao else None
        ),
        "citacoes": {
            chave: _referencia(c, norma, f"{origem} [citacoes.{chave}]")
            for chave, c in citacoes.items()
        },
    }


@dataclass
class _ParametrosLidos:
    """Os [[parametros]] de uma lei, lidos um a um: os valores datados de cada nome e os
    declarados desconhecidos (para sempre, ou até a data de um regulamento)."""

    origem: str
    norma: str
    nomes_grupos: list[str]
    inicio: date
    fim: date | None
    por_nome: dict[str, list[ValorDatado]] = field(default_factory=dict)
    desconhecidos: set[str] = field(default_factory=set)
    desconhecidos_ate: dict[str, date] = field(default_factory=dict)

    def ler(self, i: int, bruto: Mapping[str, Any]) -> None:
        onde = f"{self.origem}, parâmetro nº {i}"
        nome = _texto(bruto, "nome", onde)
        onde = f"{self.origem}, parâmetro '{nome}'"
        espec = especificacao_de(nome, self.nomes_grupos)
        if espec is None:
            raise LeiInvalida(f"{onde}: parâmetro desconhecido pelo motor{_dica(nome)}")
        if bruto.get("desconhecido") is True:
            self._desconhecido(nome, bruto, onde)
            return
        if nome in self.desconhecidos:
            raise LeiInvalida(f"{onde}: chave duplicada (já declarada desconhecida)")
        novo = self._valor(nome, espec, bruto, onde)
        for existente in self.por_nome.get(nome, []):
            if _sobrepoe(existente.desde, existente.ate, novo.desde, novo.ate):
                raise LeiInvalida(
                    f"{onde}: chave duplicada ou períodos sobrepostos "
                    f"({existente.desde:%d/%m/%Y} e {novo.desde:%d/%m/%Y})"
                )
        self.por_nome.setdefault(nome, []).append(novo)

    def _desconhecido(self, nome: str, bruto: Mapping[str, Any], onde: str) -> None:
        if nome in self.por_nome or nome in self.desconhecidos or nome in self.desconhecidos_ate:
            raise LeiInvalida(f"{onde}: chave duplicada")
        ate_desconhecido = _data(bruto, "ate", onde, obrigatoria=False)
        if ate_desconhecido is None:
            self.desconhecidos.add(nome)
        else:
            self.desconhecidos_ate[nome] = ate_desconhecido

    def _valor(
        self, nome: str, espec: Especificacao, bruto: Mapping[str, Any], onde: str
    ) -> ValorDatado:
        if "valor" not in bruto:
            raise LeiInvalida(f"{onde}: falta 'valor'")
        try:
            valor = espec.conferir(bruto["valor"])
        except ValueError as erro:
            raise LeiInvalida(f"{onde}: valor inválido: {erro}") from None
        desde = _data(bruto, "desde", onde, obrigatoria=False) or self.inicio
        ate = _data(bruto, "ate", onde, obrigatoria=False) or self.fim
        if ate is not None and ate < desde:
            raise LeiInvalida(f"{onde}: 'ate' anterior a 'desde'")
        if nome in self.desconhecidos_ate and desde <= self.desconhecidos_ate[nome]:
            raise LeiInvalida(
                f"{onde}: valor desde {desde:%d/%m/%Y}, mas o parâmetro é desconhecido até "
                f"{self.desconhecidos_ate[nome]:%d/%m/%Y}"
            )
        ref = _referencia(bruto, self.norma, onde)
        return ValorDatado(
            desde, ate, valor, ref, " ".join(str(bruto.get("interpretacao", "")).split())
        )

    def _descricao(self, nome: str) -> str:
        espec = especificacao_de(nome, self.nomes_grupos)
        assert espec is not None
        return espec.descricao

    def parametros(self) -> dict[str, Parametro]:
        """Cada parâmetro lido: com os seus valores, na ordem das datas, ou desconhecido."""
        parametros: dict[str, Parametro] = {}
        for nome, valores in self.por_nome.items():
            parametros[nome] = Parametro(
                nome,
                self._descricao(nome),
                tuple(sorted(valores, key=lambda v: v.desde)),
                desconhecido_ate=self.desconhecidos_ate.get(nome),
            )
        for nome, ate_desconhecido in self.desconhecidos_ate.items():
            if nome not in parametros:
                parametros[nome] = Parametro(
                    nome, self._descricao(nome), desconhecido_ate=ate_desconhecido
                )
        for nome in self.desconhecidos:
            parametros[nome] = Parametro(nome, self._descricao(nome), desconhecido=True)
        return parametros


def _vigencia(
    dados: Mapping[str, Any], norma: str, origem: str
) -> tuple[date, date | None, Referencia, tuple[AtoVigencia, ...]]:
    """[vigencia]: o início, o fim que a própria lei fixa, o dispositivo e os atos de outras
    normas que mudam o fim."""
    vig = dados.get("vigencia")
    if not isinstance(vig, dict):
        raise LeiInvalida(f"{origem}: falta a tabela [vigencia]")
    inicio = _data(vig, "inicio", f"{origem} [vigencia]")
    assert inicio is not None
    fim_proprio = _data(vig, "fim", f"{origem} [vigencia]", obrigatoria=False)
    ref_vigencia = _referencia(vig, norma, f"{origem} [vigencia]")
    atos = _atos_vigencia(vig.get("atos", []), inicio, fim_proprio, origem)
    return inicio, fim_proprio, ref_vigencia, atos


_T = TypeVar("_T")


def _juntando(erros: list[str], ler: Callable[[], _T], no_erro: _T) -> _T:
    """O que `ler` dá; se a parte é inválida, o erro vai para `erros` e segue-se com `no_erro`
    (a lei inteira é conferida e os erros saem juntos)."""
    try:
        return ler()
    except LeiInvalida as erro:
        erros.append(str(erro))
        return no_erro


def _esfera_e_ente(dados: Mapping[str, Any], origem: str) -> tuple[str, str]:
    """A esfera (`municipal`, o padrão, `estadual` ou `federal`) e o ente: o `municipio` de uma
    lei municipal, o `ente` declarado de uma estadual ou federal."""
    esfera = dados.get("esfera", "municipal")
    if esfera not in ESFERAS:
        raise LeiInvalida(f"{origem}: 'esfera' deve ser um de: {', '.join(ESFERAS)}")
    if esfera == "municipal":
        return esfera, _texto(dados, "municipio", origem)
    if "municipio" in dados:
        raise LeiInvalida(f"{origem}: lei {esfera} não tem 'municipio'; o ente vai em 'ente'")
    return esfera, _texto(dados, "ente", origem)


def _atos_vigencia(
    brutos: object, inicio: date, fim: date | None, origem: str
) -> tuple[AtoVigencia, ...]:
    """Os `[[vigencia.atos]]` em ordem de data, cada um vindo enquanto a lei ainda vige (ou no
    dia seguinte ao fim dela). Um ato depois do fim só a faz valer de novo se disser desde
    quando (`convalida_desde`, com o texto que convalida): nunca em silêncio."""
    if not isinstance(brutos, list):
        raise LeiInvalida(f"{origem}: 'vigencia.atos' deve ser uma lista [[vigencia.atos]]")
    atos: list[AtoVigencia] = []
    for i, bruto in enumerate(brutos, start=1):
        onde = f"{origem} [vigencia.atos] nº {i}"
        if not isinstance(bruto, dict) or "norma" not in bruto:
            raise LeiInvalida(f"{onde}: falta 'norma' (o ato é de outra norma, que se cita)")
        data = _data(bruto, "data", onde)
        assert data is not None
        novo_fim = _data(bruto, "fim", onde, obrigatoria=False)
        if data <= (atos[-1].data if atos else inicio):
            raise LeiInvalida(f"{onde}: os atos vão em ordem de data, depois do início da lei")
        convalida_desde = _data(bruto, "convalida_desde", onde, obrigatoria=False)
        depois_do_fim = fim is not None and data > fim + timedelta(days=1)
        if depois_do_fim and convalida_desde is None:
            assert fim is not None
            raise LeiInvalida(
                f"{onde}: ato de {data:%d/%m/%Y} depois do fim da vigência ({fim:%d/%m/%Y}): "
                "diga desde quando ele faz a lei reger editais de novo ('convalida_desde', a "
                "data desde a qual convalida os atos do intervalo, com o texto que o diz; a "
                "data do próprio ato, se não retroage)"
            )
        if convalida_desde is not None:
            if not depois_do_fim:
                raise LeiInvalida(
                    f"{onde}: 'convalida_desde' só cabe a um ato posterior ao fim da vigência"
                )
            assert fim is not None
            if not fim < convalida_desde <= data:
                raise LeiInvalida(
                    f"{onde}: 'convalida_desde' ({convalida_desde:%d/%m/%Y}) deve estar entre "
                    f"o fim da vigência ({fim:%d/%m/%Y}, exclusive) e a data do ato "
                    f"({data:%d/%m/%Y})"
                )
        if novo_fim is not None and novo_fim < inicio:
            raise LeiInvalida(f"{onde}: 'fim' anterior ao início da lei")
        if novo_fim is not None and convalida_desde is not None and novo_fim < convalida_desde:
            raise LeiInvalida(f"{onde}: 'fim' anterior a 'convalida_desde'")
        atos.append(
            AtoVigencia(
                data,
                novo_fim,
                _referencia(bruto, "", onde),
                revogacao=bruto.get("revogacao") is True,
                mantem_editais_anteriores=bruto.get("mantem_editais_anteriores") is True,
                convalida_desde=convalida_desde,
            )
        )
        fim = novo_fim
    return tuple(atos)


def _dica(nome: str) -> str:
    grupo, _, chave = nome.partition(".")
    if chave in ESPECIFICACOES_DO_GRUPO:
        return f" (o grupo '{grupo}' não está declarado em [[grupos]])"
    return ""


def _lista_de_textos(dados: Mapping[str, Any], chave: str, onde: str) -> tuple[str, ...]:
    valor = dados.get(chave, [])
    if not isinstance(valor, list) or any(not isinstance(v, str) or not v for v in valor):
        raise LeiInvalida(f"{onde}: '{chave}' deve ser uma lista de textos")
    return tuple(valor)


def _grupos(dados: Mapping[str, Any], origem: str) -> tuple[DeclaracaoGrupo, ...]:
    """[[grupos]]: os grupos com reserva da lei, na ordem em que ela os nomeia."""
    brutos = dados.get("grupos")
    if not isinstance(brutos, list) or not brutos:
        raise LeiInvalida(
            f"{origem}: falta [[grupos]] (cada grupo com reserva: nome, rotulo, coluna_opcao)"
        )
    grupos: list[DeclaracaoGrupo] = []
    for i, bruto in enumerate(brutos, start=1):
        onde = f"{origem}, grupo nº {i}"
        if not isinstance(bruto, dict):
            raise LeiInvalida(f"{onde}: deve ser uma tabela [[grupos]]")
        nome = _texto(bruto, "nome", onde)
        if not nome.isidentifier() or nome in ("ampla", "pcd", "grupos", "ordem"):
            raise LeiInvalida(
                f"{onde}: nome '{nome}' inválido (letras, dígitos e _, e não um nome reservado: "
                "ampla, pcd, grupos, ordem)"
            )
        if any(g.nome == nome for g in grupos):
            raise LeiInvalida(f"{onde}: grupo '{nome}' declarado duas vezes")
        coluna_verificacao = bruto.get("coluna_verificacao")
        if coluna_verificacao is not None:
            coluna_verificacao = _texto(bruto, "coluna_verificacao", onde)
        grupos.append(
            DeclaracaoGrupo(
                nome=nome,
                rotulo=_texto(bruto, "rotulo", onde),
                coluna_opcao=_texto(bruto, "coluna_opcao", onde),
                apelidos_opcao=_lista_de_textos(bruto, "apelidos_opcao", onde),
                coluna_verificacao=coluna_verificacao,
                apelidos_verificacao=_lista_de_textos(bruto, "apelidos_verificacao", onde),
            )
        )
    _conferir_colunas_dos_grupos(grupos, origem)
    return tuple(grupos)


def _conferir_colunas_dos_grupos(grupos: list[DeclaracaoGrupo], origem: str) -> None:
    """Cada título de coluna (e apelido) de um grupo é de uma coluna só: repetido, o leitor não
    saberia de que grupo é a opção."""
    dono: dict[str, str] = {}
    for g in grupos:
        titulos = (g.coluna_opcao, *g.apelidos_opcao)
        titulos += (g.coluna_verificacao or "", *g.apelidos_verificacao)
        for titulo in filter(None, titulos):
            chave = " ".join(titulo.lower().replace("_", " ").split())
            if dono.setdefault(chave, g.nome) != g.nome or titulos.count(titulo) > 1:
                raise LeiInvalida(
                    f"{origem}, grupo '{g.nome}': o título de coluna '{titulo}' já é de outra "
                    "coluna da lei (cada título, de uma coluna só)"
                )


def _campos(
    dados: Mapping[str, Any], norma: str, grupos: Sequence[DeclaracaoGrupo], origem: str
) -> tuple[CampoDoCandidato, ...]:
    """[[campos]]: os campos do candidato que a lei exige para a reserva além da cor, cada um
    com a coluna do arquivo, o tipo e o dispositivo que o exige (nunca sem ele)."""
    brutos = dados.get("campos", [])
    if not isinstance(brutos, list):
        raise LeiInvalida(f"{origem}: 'campos' deve ser uma lista [[campos]]")
    campos: list[CampoDoCandidato] = []
    titulos = {
        _chave_do_titulo(t): g.nome
        for g in grupos
        for t in (g.coluna_opcao, *g.apelidos_opcao, g.coluna_verificacao or "")
        for t in filter(None, [t])
    }
    erros: list[str] = []
    for i, bruto in enumerate(brutos, start=1):
        onde = f"{origem}, campo nº {i}"
        try:
            if not isinstance(bruto, dict):
                raise LeiInvalida(f"{onde}: deve ser uma tabela [[campos]]")
            nome = _texto(bruto, "nome", onde)
            onde = f"{origem}, campo '{nome}'"
            if not nome_de_campo_valido(nome) or any(c.nome == nome for c in campos):
                raise LeiInvalida(
                    f"{onde}: nome inválido ou repetido (letras, dígitos e _, e não o de uma "
                    "coluna de todo certame)"
                )
            tipo = bruto.get("tipo")
            if tipo not in TIPOS_DE_CAMPO:
                raise LeiInvalida(f"{onde}: 'tipo' deve ser um de: {', '.join(TIPOS_DE_CAMPO)}")
            campo = CampoDoCandidato(
                nome=nome,
                rotulo=_texto(bruto, "rotulo", onde),
                coluna=_texto(bruto, "coluna", onde),
                tipo=str(tipo),
                referencia=_referencia(bruto, norma, onde),
                apelidos=_lista_de_textos(bruto, "apelidos", onde),
            )
            for titulo in (campo.coluna, *campo.apelidos):
                dono = titulos.setdefault(_chave_do_titulo(titulo), nome)
                if dono != nome:
                    raise LeiInvalida(
                        f"{onde}: o título de coluna '{titulo}' já é de outra coluna da lei "
                        f"({dono})"
                    )
            campos.append(campo)
        except LeiInvalida as erro:
            erros.append(str(erro))
    if erros:
        raise LeiInvalida("\n".join(erros))
    return tuple(campos)


def _chave_do_titulo(titulo: str) -> str:
    return " ".join(titulo.lower().replace("_", " ").split())


def _conferir_elegibilidade(
    parametros: Mapping[str, Parametro],
    grupos: Sequence[str],
    campos: Sequence[CampoDoCandidato],
    origem: str,
) -> None:
    """Cada `<grupo>.elegibilidade` lê só campos declarados, do tipo certo, e não convive com
    `<grupo>.cores` (a cor vai numa das alternativas); cada campo declarado é lido por alguma."""
    por_nome = {c.nome: c for c in campos}
    erros: list[str] = []
    lidos: set[str] = set()
    for g in grupos:
        parametro = parametros.get(f"{g}.elegibilidade")
        if parametro is None:
            continue
        if f"{g}.cores" in parametros:
            erros.append(
                f"{origem}, parâmetro '{g}.elegibilidade': o grupo declara também '{g}.cores'; "
                "a cor vai como critério (cores = [...]) numa das alternativas"
            )
        for valor in parametro.valores:
            assert isinstance(valor.valor, Elegibilidade)
            lidos.update(valor.valor.campos())
            erros += [
                f"{origem}, parâmetro '{g}.elegibilidade': {erro}"
                for erro in conferir_com_os_campos(valor.valor, por_nome)
            ]
    erros += [
        f"{origem}, campo '{c.nome}': nenhum grupo o lê em <grupo>.elegibilidade (um campo que "
        "não decide nada não se pede no arquivo)"
        for c in campos
        if c.nome not in lidos
    ]
    if erros:
        raise LeiInvalida("\n".join(erros))


def _conferir_parametros(
    parametros: Mapping[str, Parametro], grupos: list[str], origem: str
) -> None:
    """Os obrigatórios presentes (gerais e de cada grupo) e os destinos da reversão
    nomeando grupos da lei."""
    comissao = _valor_inicial(parametros, "heteroidentificacao.exigida")
    exigidos = [
        nome
        for nome, espec in ESPECIFICACOES.items()
        if espec.obrigatorio and (not espec.so_com_comissao or comissao is True)
    ]
    exigidos += [
        f"{g}.{chave}"
        for g in grupos
        for chave, espec in ESPECIFICACOES_DO_GRUPO.items()
        if espec.obrigatorio
    ]
    if len(grupos) > 1:
        exigidos.append("grupos.candidato_em_varios")
    faltam = [nome for nome in exigidos if nome not in parametros]
    iniciais = {nome: _valor_inicial(parametros, nome) for nome in parametros}
    faltam += exigidos_pelos_valores(iniciais)
    if faltam:
        raise LeiInvalida(f"{origem}: faltam os parâmetros {', '.join(faltam)}")
    for g in grupos:
        reversao = parametros[f"{g}.reversao"]
        for valor in reversao.valores:
            estranhos = [d for d in valor.valor[:-1] if d not in grupos or d == g]
            if estranhos:
                raise LeiInvalida(
                    f"{origem}, parâmetro '{g}.reversao': {', '.join(estranhos)} não é outro "
                    f"grupo da lei (grupos: {', '.join(grupos)})"
                )
        verificacao = parametros.get(f"{g}.verificacao")
        if (
            verificacao is not None
            and any(v.valor == "heteroidentificacao" for v in verificacao.valores)
            and comissao is not True
        ):
            raise LeiInvalida(
                f"{origem}, parâmetro '{g}.verificacao': verificação pela comissão sem "
                "heteroidentificacao.exigida = true"
            )


def _efeitos_falsidade(
    dados: Mapping[str, Any], anulacao: Parametro | None, origem: str
) -> tuple[str, str] | None:
    """[falsidade]: o efeito da declaração falsa com as palavras da lei, exigido quando a lei a
    prevê (`falsidade.anulacao = true`)."""
    tabela = dados.get("falsidade")
    prevista = anulacao is not None and any(v.valor is True for v in anulacao.valores)
    if tabela is None:
        if prevista:
            raise LeiInvalida(
                f"{origem}: falta a tabela [falsidade] (efeito e efeito_se_nomeado, com as "
                "palavras da lei) exigida por falsidade.anulacao = true"
            )
        return None
    if not isinstance(tabela, dict):
        raise LeiInvalida(f"{origem}: [falsidade] deve ser uma tabela")
    onde = f"{origem} [falsidade]"
    return (
        " ".join(_texto(tabela, "efeito", onde).split()),
        " ".join(_texto(tabela, "efeito_se_nomeado", onde).split()),
    )


def _valor_inicial(parametros: Mapping[str, Parametro], nome: str) -> object:
    p = parametros.get(nome)
    return p.valores[0].valor if p and p.valores else None


def _sobrepoe(a0: date, a1: date | None, b0: date, b1: date | None) -> bool:
    return (a1 is None or b0 <= a1) and (b1 is None or a0 <= b1)


@dataclass(frozen=True)
class Catalogo:
    """O conjunto das leis modeladas, com as revogações já resolvidas em datas de fim."""

    leis: tuple[Lei, ...]
    _por_id: dict[str, Lei] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        for lei in self.leis:
            if lei.id in self._por_id:
                raise LeiInvalida(f"Lei {lei.id}: id duplicado no catálogo")
            self._por_id[lei.id] = lei
            for grupo in lei.grupos:
                try:
                    registrar_lista(grupo.nome, grupo.rotulo)
                except ValueError as erro:
                    raise LeiInvalida(f"Lei {lei.id}: {erro}") from None
        por_municipio: dict[str, list[Lei]] = {}
        for lei in self.leis:
            por_municipio.setdefault(lei.municipio, []).append(lei)
        for leis in por_municipio.values():
            for i, a in enumerate(leis):
                for b in leis[i + 1 :]:
                    if _sobrepoe(
                        a.vigencia_inicio, a.vigencia_fim, b.vigencia_inicio, b.vigencia_fim
                    ):
                        raise LeiInvalida(
                            f"As vigências de {a.id} e {b.id} se sobrepõem no município "
                            f"{a.municipio}"
                        )

    def lei(self, lei_id: str) -> Lei:
        try:
            return self._por_id[lei_id]
        except KeyError:
            conhecidas = ", ".join(sorted(self._por_id))
            raise LeiInvalida(f"Lei '{lei_id}' não modelada; conhecidas: {conhecidas}") from None

    def municipios(self) -> list[str]:
        return sorted({lei.municipio for lei in self.leis})

    def do_municipio(self, municipio: str) -> list[Lei]:
        alvo = _normalizar_municipio(municipio)
        return sorted(
            (lei for lei in self.leis if _normalizar_municipio(lei.municipio) == alvo),
            key=lambda lei: lei.vigencia_inicio,
        )

    def com_publicacao(self, lei_id: str, publicacao: date) -> Catalogo:
        """O catálogo com outra data de publicação (e de vigência) registrada para uma lei que
        entra em vigor na data da publicação (`[vigencia]` da lei)."""
        lei = self.lei(lei_id)
        antigo = lei.vigencia_inicio
        novos: list[Lei] = []
        for outra in self.leis:
            if outra.id == lei_id:
                parametros = {
                    nome: replace(
                        p,
                        valores=tuple(
                            replace(v, desde=publicacao) if v.desde == antigo else v
                            for v in p.valores
                        ),
                    )
                    for nome, p in outra.parametros.items()
                }
                novos.append(replace(outra, vigencia_inicio=publicacao, parametros=parametros))
            elif outra.id == lei.revoga or outra.revogada_por == lei_id:
                novos.append(_encerrar(outra, publicacao - timedelta(days=1)))
            else:
                novos.append(outra)
        return Catalogo(tuple(novos))


def _encerrar(lei: Lei, fim: date) -> Lei:
    """A lei e cada valor seu que durava até o fim dela passam a terminar em `fim` (também
    quando a publicação registrada da revogadora o adia); um valor que só começaria depois de
    `fim` deixa de existir."""
    antigo = lei.vigencia_fim

    def novo_fim(v: ValorDatado) -> ValorDatado:
        if v.ate is None or v.ate == antigo or v.ate > fim:
            return replace(v, ate=fim)
        return v

    parametros = {
        nome: replace(p, valores=tuple(novo_fim(v) for v in p.valores if v.desde <= fim))
        for nome, p in lei.parametros.items()
    }
    return replace(lei, vigencia_fim=fim, parametros=parametros)


def _normalizar_municipio(nome: str) -> str:
    import unicodedata

    sem_acento = unicodedata.normalize("NFKD", nome).encode("ascii", "ignore").decode()
    return " ".join(sem_acento.lower().replace("-", " ").replace("/", " ").split())


def montar_catalogo(leis: Iterable[Lei]) -> Catalogo:
    """Resolve as revogações (o fim da revogada é a véspera da vigência da nova) e valida."""
    lista = list(leis)
    por_id = {lei.id: lei for lei in lista}
    resolvidas: list[Lei] = []
    for lei in lista:
        revogadora = next((o for o in lista if o.revoga == lei.id), None)
        if lei.revogada_por and lei.revogada_por in por_id:
            revogadora = por_id[lei.revogada_por]
        if revogadora is not None and lei.vigencia_fim is None:
            lei = _encerrar(lei, revogadora.vigencia_inicio - timedelta(days=1))
            if lei.referencia_revogacao is None and revogadora.referencia_revogacao:
                lei = replace(lei, referencia_revogacao=revogadora.referencia_revogacao)
            if revogadora.referencia_transicao is not None:
                lei = replace(lei, referencia_mantida_por=revogadora.referencia_transicao)
        resolvidas.append(lei)
    return Catalogo(tuple(resolvidas))


_PADRAO: Catalogo | None = None


def catalogo_padrao() -> Catalogo:
    """As leis que acompanham o pacote (`cotas/leis/**.toml`)."""
    global _PADRAO
    if _PADRAO is None:
        raiz = resources.files("cotas") / "leis"
        leis: list[Lei] = []
        for municipio in sorted(raiz.iterdir(), key=lambda p: p.name):
            if not municipio.is_dir():
                continue
            for arquivo in sorted(municipio.iterdir(), key=lambda p: p.name):
                if arquivo.name.endswith(".toml"):
                    esperado = f"{municipio.name}/{arquivo.name.removesuffix('.toml')}"
                    lei = carregar_lei(arquivo.read_text(encoding="utf-8"), esperado + ".toml")
                    if lei.id != esperado:
                        raise LeiInvalida(f"{esperado}.toml: o id '{lei.id}' difere do caminho")
                    leis.append(lei)
        _PADRAO = montar_catalogo(leis)
    return _PADRAO


def juntar_ao_catalogo_padrao(leis: Sequence[Lei]) -> Catalogo:
    """Junta leis de fora do pacote (a linha de comando com `COTAS_LEIS_EXTRAS`) ao catálogo
    padrão deste processo; o catálogo as confere como as do pacote (ids repetidos, períodos
    sobrepostos do mesmo ente)."""
    global _PADRAO
    _PADRAO = montar_catalogo([*catalogo_padrao().leis, *leis])
    return _PADRAO


@functools.cache
def _dispositivos_federais() -> dict[str, Any]:
    arquivo = resources.files("cotas") / "leis" / "dispositivos-federais.toml"
    dados: dict[str, Any] = tomllib.loads(arquivo.read_text(encoding="utf-8"))
    return dados


def dispositivo_federal(chave: str) -> Referencia:
    """Um dispositivo federal que o motor cita em qualquer certame (a validade, os padrões da
    reserva a pessoas com deficiência, o desempate pela idade), com as palavras da lei, do
    arquivo `cotas/leis/dispositivos-federais.toml`."""
    dados = _dispositivos_federais()[chave]
    return Referencia(dados["norma"], dados["artigo"], dados["texto"])


def valor_federal(chave: str) -> int:
    """O número que o dispositivo federal fixa (ex.: a idade da pessoa idosa)."""
    return int(_dispositivos_federais()[chave]["valor"])
